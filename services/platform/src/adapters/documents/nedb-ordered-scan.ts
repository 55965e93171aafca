import { createRequire } from 'node:module';
import type { Filter, FindOptions } from '../../ports/documents.js';

/** nedb's own matching, ordering and copying, so that this scan answers exactly as nedb's cursor does. */
const model = createRequire(import.meta.url)('@seald-io/nedb/lib/model.js') as {
  match(doc: unknown, query: Filter): boolean;
  compareThings(a: unknown, b: unknown): number;
  getDotValue(doc: unknown, field: string): unknown;
  deepCopy<T>(value: T): T;
};

/** A node of nedb's index tree (an AVL tree): a key and the documents that have it. */
interface IndexNode {
  key: unknown;
  data: Record<string, unknown>[];
  left: IndexNode | null;
  right: IndexNode | null;
}

export interface NedbIndex {
  sparse: boolean;
  tree: { tree: IndexNode };
  getMatching(value: unknown): unknown[];
}

/** A query with this few candidates from an equality index is left to nedb: it reads them and sorts them. */
const FEW_CANDIDATES = 512;

/** Where a bound on the sort field lets the walk begin: `$lt`/`$lte` when descending, `$gt`/`$gte` ascending. */
function startOf(condition: unknown, direction: 1 | -1): { key: unknown; inclusive: boolean } | undefined {
  if (condition === null || typeof condition !== 'object') return undefined;
  const bounds = condition as Record<string, unknown>;
  const [strict, loose] = direction === -1 ? (['$lt', '$lte'] as const) : (['$gt', '$gte'] as const);
  if (strict in bounds) return { key: bounds[strict], inclusive: false };
  if (loose in bounds) return { key: bounds[loose], inclusive: true };
  return undefined;
}

/**
 * The tree's nodes in key order, ascending or descending, read lazily so that a scan can stop early. `start` skips
 * the keys before it in that order (a page after a cursor), without visiting them.
 */
function* inOrder(
  root: IndexNode,
  direction: 1 | -1,
  start?: { key: unknown; inclusive: boolean },
): Generator<IndexNode> {
  const stack: IndexNode[] = [];
  const near = (node: IndexNode) => (direction === 1 ? node.left : node.right);
  const far = (node: IndexNode) => (direction === 1 ? node.right : node.left);
  /** Whether a key comes before `start` in the walk's order. */
  const before = (key: unknown) => {
    if (!start) return false;
    const order = model.compareThings(key, start.key) * direction;
    return order < 0 || (order === 0 && !start.inclusive);
  };
  let node: IndexNode | null = root;
  while (node || stack.length > 0) {
    while (node) {
      // A node before the start takes its near side with it: only its far side can be after the start.
      if (node.data.length > 0 && before(node.key)) {
        node = far(node);
        continue;
      }
      stack.push(node);
      node = near(node);
    }
    const next = stack.pop() as IndexNode;
    // An empty tree's root is a node without key and data.
    if (next.data.length > 0) yield next;
    node = far(next);
  }
}

/**
 * nedb answers `find` with a sort by reading every candidate and sorting them: on a large collection, "the newest
 * 20" reads and sorts all of it. When the first sort field has an index (not sparse: every document is in it) and
 * a limit is given, this walks that index in the sort's order and stops once it has the page; ties on the first
 * field (one index node) are ordered by the whole sort. When an equality on an indexed field narrows the query to
 * few documents, nedb's own way is cheaper and it is left to it (null).
 */
export function orderedScan(
  indexes: Record<string, NedbIndex>,
  query: Filter,
  options: FindOptions,
): Record<string, unknown>[] | null {
  const { sort, limit } = options;
  if (!sort || limit === undefined) return null;
  const fields = Object.entries(sort);
  const [first] = fields;
  const index = first && indexes[first[0]];
  if (!first || !index || index.sparse) return null;
  for (const [field, value] of Object.entries(query)) {
    const narrowing = indexes[field];
    const plain = value === null || typeof value !== 'object';
    if (narrowing && plain && narrowing.getMatching(value).length <= FEW_CANDIDATES) return null;
  }
  const wanted = (options.skip ?? 0) + limit;
  const found: Record<string, unknown>[] = [];
  for (const node of inOrder(index.tree.tree, first[1], startOf(query[first[0]], first[1]))) {
    for (const doc of node.data) if (model.match(doc, query)) found.push(doc);
    if (found.length >= wanted) break;
  }
  found.sort((a, b) => {
    for (const [field, direction] of fields) {
      const order = model.compareThings(model.getDotValue(a, field), model.getDotValue(b, field));
      if (order !== 0) return order * direction;
    }
    return 0;
  });
  return found.slice(options.skip ?? 0, wanted).map((doc) => model.deepCopy(doc));
}
