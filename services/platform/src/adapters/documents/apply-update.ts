import siftModule from 'sift';
import { isDeepStrictEqual } from 'node:util';
import type { Update } from '../../ports/documents.js';

// sift is CommonJS: under nodenext its typed default export is the module's `default` property.
const sift = siftModule.default;

type Doc = Record<string, unknown>;

/** The port allows only operators, as Mongo does: a plain object would replace the whole document. */
export function assertOperatorUpdate(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((key) => !key.startsWith('$'))) {
    throw new TypeError(`an update must use operators ($set, $inc, ...), got keys: ${keys.join(', ') || '(none)'}`);
  }
}

/**
 * Applies Mongo's $set, $unset, $inc, $push (with $each) and $pull (by value or by a condition on the elements) to
 * a document in place, as MongoDB would; `_id` cannot change. The embedded store reads, applies and writes back in
 * one transaction.
 */
export function applyUpdate(document: Doc, update: Update): void {
  assertOperatorUpdate(update);
  for (const [operator, fields] of Object.entries(update)) {
    for (const [path, argument] of Object.entries(fields ?? {})) {
      if (path === '_id' || path.startsWith('_id.')) throw new TypeError('an update cannot change _id');
      switch (operator) {
        case '$set':
          setPath(document, path, structuredClone(argument));
          break;
        case '$unset':
          unsetPath(document, path);
          break;
        case '$inc':
          increment(document, path, argument);
          break;
        case '$push':
          push(document, path, argument);
          break;
        case '$pull':
          pull(document, path, argument);
          break;
        default:
          throw new TypeError(`unsupported update operator: ${operator}`);
      }
    }
  }
}

function parentOf(document: Doc, path: string, create: boolean): { parent: Doc; key: string } | undefined {
  const segments = path.split('.');
  const key = segments.pop() as string;
  let parent: Doc = document;
  for (const segment of segments) {
    let next = parent[segment];
    if (next === undefined && create) {
      next = {};
      parent[segment] = next;
    }
    if (next === null || typeof next !== 'object') {
      if (create) throw new TypeError(`cannot set ${path}: ${segment} is not an object`);
      return undefined;
    }
    parent = next as Doc;
  }
  return { parent, key };
}

function setPath(document: Doc, path: string, value: unknown): void {
  const { parent, key } = parentOf(document, path, true) as { parent: Doc; key: string };
  parent[key] = value;
}

function unsetPath(document: Doc, path: string): void {
  const found = parentOf(document, path, false);
  // Reflect.deleteProperty: the key is a path segment the caller names, which is the point of $unset.
  if (found) Reflect.deleteProperty(found.parent, found.key);
}

function increment(document: Doc, path: string, by: unknown): void {
  if (typeof by !== 'number') throw new TypeError(`$inc on ${path} takes a number`);
  const { parent, key } = parentOf(document, path, true) as { parent: Doc; key: string };
  const current = parent[key] ?? 0;
  if (typeof current !== 'number') throw new TypeError(`cannot $inc ${path}: it is not a number`);
  parent[key] = current + by;
}

function arrayAt(document: Doc, path: string, create: boolean): unknown[] | undefined {
  const found = parentOf(document, path, create);
  if (!found) return undefined;
  const current = found.parent[found.key];
  if (current === undefined && create) {
    const created: unknown[] = [];
    found.parent[found.key] = created;
    return created;
  }
  if (current === undefined) return undefined;
  if (!Array.isArray(current)) throw new TypeError(`${path} is not an array`);
  return current;
}

function push(document: Doc, path: string, argument: unknown): void {
  const values = isEach(argument) ? argument.$each : [argument];
  (arrayAt(document, path, true) as unknown[]).push(...values.map((value) => structuredClone(value)));
}

function isEach(argument: unknown): argument is { $each: unknown[] } {
  return argument !== null && typeof argument === 'object' && Array.isArray((argument as { $each?: unknown }).$each);
}

/**
 * Compiled $pull conditions, per condition object: updateMany applies one update to many documents, and compiling
 * a condition (sift's $in checks its whole list) costs far more than testing an element against it.
 */
const compiledConditions = new WeakMap<object, (element: unknown) => boolean>();

function pull(document: Doc, path: string, condition: unknown): void {
  const array = arrayAt(document, path, false);
  if (!array) return;
  const matches = pullMatcher(condition);
  const kept = array.filter((element) => !matches(element));
  array.splice(0, array.length, ...kept);
}

/** The elements of the array at `path` that a $pull of `condition` removes (none where there is no array). */
export function elementsToPull(document: Doc, path: string, condition: unknown): unknown[] {
  return (arrayAt(document, path, false) ?? []).filter(pullMatcher(condition));
}

/** A $pull's argument is either a condition on the elements (an object) or a value they must equal. */
export function isPullCondition(argument: unknown): argument is object {
  return argument !== null && typeof argument === 'object' && !Array.isArray(argument);
}

function pullMatcher(condition: unknown): (element: unknown) => boolean {
  if (!isPullCondition(condition)) return (element: unknown) => isDeepStrictEqual(element, condition);
  const compiled =
    compiledConditions.get(condition) ?? idsIn(condition) ?? sift(condition as Parameters<typeof sift>[0]);
  compiledConditions.set(condition, compiled);
  return compiled;
}

/**
 * `{ field: { $in: [strings] } }` (the relay's pull of the events it published, by id) as a set: sift tests each
 * element against the whole list, which for a batch of documents costs elements times ids. As Mongo matches it: the
 * field equal to one of them, or an array holding one.
 */
function idsIn(condition: object): ((element: unknown) => boolean) | undefined {
  const entries = Object.entries(condition);
  if (entries.length !== 1) return undefined;
  const [[field, test]] = entries as [[string, unknown]];
  if (field.startsWith('$') || field.includes('.')) return undefined;
  if (test === null || typeof test !== 'object' || Object.keys(test).join() !== '$in') return undefined;
  const values = (test as { $in: unknown }).$in;
  if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) return undefined;
  const ids = new Set<unknown>(values);
  return (element) => {
    const value = element !== null && typeof element === 'object' ? (element as Doc)[field] : undefined;
    return Array.isArray(value) ? value.some((one) => ids.has(one)) : ids.has(value);
  };
}
