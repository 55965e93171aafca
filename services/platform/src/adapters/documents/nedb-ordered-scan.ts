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

/** The tree's nodes in key order, ascending or descending, read lazily so that a scan can stop early. */
function* inOrder(root: IndexNode, direction: 1 | -1): Generator<IndexNode> {
  const stack: IndexNode[] = [];
  const near = (node: IndexNode) => (direction === 1 ? node.left : node.right);
  const far = (node: IndexNode) => (direction === 1 ? node.right : node.left);
  let node: IndexNode | null = root;
  while (node || stack.length > 0) {
    while (node) {
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
  for (const node of inOrder(index.tree.tree, first[1])) {
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
