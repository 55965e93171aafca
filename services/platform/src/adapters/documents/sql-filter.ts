import { OUTBOX_FIELD } from '../../outbox/outbox.js';
import type { Filter, FindOptions, IndexSpec } from '../../ports/documents.js';

/**
 * Mongo-style filters, sorts and indexes as SQLite SQL over a table `(id TEXT PRIMARY KEY, doc BLOB, outbox BLOB)`
 * whose `doc` is the document (JSONB) without its `_id` and its outbox, which `outbox` holds (see OUTBOX_COLUMN).
 *
 * A field's value is read with `doc ->> '$.path'`, the same text in every query and index, so that SQLite's planner
 * answers from an expression index. Mongo matches a path that holds an array by its elements (`{ tags: 'x' }`); the
 * store tells the compiler which paths have ever held an array in the collection (`arrays`), and only those are
 * read element by element (json_each). Limits, stated once: a path that holds an array in some documents and an
 * object in others is read as an array; arrays inside array elements are compared as whole values; `$size`,
 * `$elemMatch` and whole-array equality are not supported (nothing uses them).
 */

export interface CompiledSql {
  sql: string;
  params: SqlValue[];
}

export type SqlValue = string | number | null;

/** The operators a field condition may use. */
const FIELD_OPERATORS = new Set([
  '$eq',
  '$ne',
  '$in',
  '$nin',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$exists',
  '$regex',
  '$options',
  '$not',
]);

/**
 * `arrays` answers the paths that have held an array; it is asked once, and only by a filter on a field other than
 * `_id` (an id is never an array): a store's answer may cost a read (SqliteDocumentStore.arraysToQuery).
 */
export function compileFilter(filter: Filter, arrays: () => ReadonlySet<string>): CompiledSql {
  const compiler = new FilterCompiler(arrays);
  return { sql: compiler.filter(filter), params: compiler.params };
}

export function compileSort(sort: FindOptions['sort']): string {
  if (!sort || Object.keys(sort).length === 0) return '';
  const keys = Object.entries(sort).map(([path, direction]) => `${valueOf(path)} ${direction === -1 ? 'DESC' : 'ASC'}`);
  return ` ORDER BY ${keys.join(', ')}`;
}

/** The SQL of the expression index (or indexes) that serve an index spec; `name` is the index's name. */
export function indexStatements(table: string, name: (suffix: string) => string, index: IndexSpec): string[] {
  const paths = Object.keys(index.fields);
  const columns = Object.entries(index.fields).map(
    ([path, direction]) => `${valueOf(path)} ${direction === -1 ? 'DESC' : 'ASC'}`,
  );
  // Sparse: documents without the (first) field are left out, so a unique sparse index allows many of them.
  const where = index.sparse ? ` WHERE ${valueOf(paths[0] as string)} IS NOT NULL` : '';
  const statements = [
    `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name(paths.join(','))} ON ${table} (${columns.join(', ')})${where}`,
  ];
  // A sparse index on a field of array elements (`_outbox.id`) is Mongo's multikey index: here, the documents whose
  // array is not empty, which is what a condition on an element's field needs first (see elementsOf).
  const [path] = paths;
  if (index.sparse && paths.length === 1 && path?.includes('.')) {
    const length = arrayLength(path.slice(0, path.indexOf('.')));
    statements.push(`CREATE INDEX IF NOT EXISTS ${name(`${path}[]`)} ON ${table} (${length}) WHERE ${length} > 0`);
  }
  return statements;
}

/**
 * The column that holds a document's outbox (OUTBOX_FIELD): the relay's pull of published events rewrites that
 * column alone, so the document's indexes, all over `doc`, are not written again for every event.
 */
export const OUTBOX_COLUMN = 'outbox';

const isOutboxPath = (path: string) => path === OUTBOX_FIELD || path.startsWith(`${OUTBOX_FIELD}.`);

/** Whether an update changes nothing but the outbox. */
export function updatesOutboxOnly(update: Record<string, unknown>): boolean {
  return Object.values(update).every((fields) => Object.keys(fields as object).every(isOutboxPath));
}

/** The column a document's path is in, and the JSON path within it. */
function located(path: string): { column: string; path: string } {
  if (isOutboxPath(path)) return { column: OUTBOX_COLUMN, path: jsonPath(path.slice(OUTBOX_FIELD.length + 1)) };
  return { column: 'doc', path: jsonPath(path) };
}

/** The JSON path of a dotted Mongo path: `profile.country` is `$.profile.country`, `log.0` is `$.log[0]`. */
function jsonPath(path: string): string {
  if (path === '') return '$';
  return `$${path
    .split('.')
    .map((segment) =>
      /^\d+$/.test(segment)
        ? `[${segment}]`
        : /^[A-Za-z_]\w*$/.test(segment)
          ? `.${segment}`
          : `."${segment.replaceAll('"', '\\"')}"`,
    )
    .join('')}`;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** The SQL value at a path: text, integer, real or NULL (missing or JSON null); true and false read as 1 and 0. */
function valueOf(path: string, base = 'doc'): string {
  if (base !== 'doc') return `${base} ->> ${literal(jsonPath(path))}`;
  if (path === '_id') return 'id';
  const { column, path: inColumn } = located(path);
  return `${column} ->> ${literal(inColumn)}`;
}

function typeOf(path: string, base = 'doc'): string {
  if (base !== 'doc') return `json_type(${base}, ${literal(jsonPath(path))})`;
  if (path === '_id') return `'text'`;
  const { column, path: inColumn } = located(path);
  return `json_type(${column}, ${literal(inColumn)})`;
}

function arrayLength(path: string): string {
  const { column, path: inColumn } = located(path);
  return `json_array_length(${column}, ${literal(inColumn)})`;
}

/** The elements of the array at a document's path, as a table. */
function elementsAt(path: string): string {
  const { column, path: inColumn } = located(path);
  return `json_each(${column}, ${literal(inColumn)})`;
}

/** A value as seen by a predicate: its SQL value and its JSON type ('null', 'true', 'integer', 'text'...). */
interface Operand {
  value: string;
  type: string;
}

type Predicate = (operand: Operand) => string;

class FilterCompiler {
  readonly params: SqlValue[] = [];
  private aliases = 0;
  private arrays: ReadonlySet<string> | undefined;

  constructor(private readonly arraysOf: () => ReadonlySet<string>) {}

  filter(filter: Filter): string {
    const clauses = Object.entries(filter).map(([key, condition]) => {
      switch (key) {
        case '$or':
          return this.any(this.subfilters(key, condition));
        case '$and':
          return this.all(this.subfilters(key, condition));
        case '$nor':
          return not(this.any(this.subfilters(key, condition)));
        default:
          if (key.startsWith('$')) throw new TypeError(`unsupported filter operator: ${key}`);
          return this.field(key, condition);
      }
    });
    return this.all(clauses);
  }

  private subfilters(operator: string, condition: unknown): string[] {
    if (!Array.isArray(condition)) throw new TypeError(`${operator} takes an array of filters`);
    return condition.map((filter) => this.filter(filter as Filter));
  }

  private all(clauses: string[]): string {
    return clauses.length === 0 ? '1' : clauses.length === 1 ? (clauses[0] as string) : `(${clauses.join(' AND ')})`;
  }

  private any(clauses: string[]): string {
    return clauses.length === 0 ? '0' : `(${clauses.join(' OR ')})`;
  }

  private field(path: string, condition: unknown): string {
    if (!isOperatorObject(condition)) return this.equals(path, condition);
    const clauses: string[] = [];
    for (const [operator, argument] of Object.entries(condition)) {
      if (!FIELD_OPERATORS.has(operator)) throw new TypeError(`unsupported operator ${operator} on ${path}`);
      switch (operator) {
        case '$eq':
          clauses.push(this.equals(path, argument));
          break;
        case '$ne':
          clauses.push(not(this.equals(path, argument)));
          break;
        case '$in':
          clauses.push(this.in(path, argument));
          break;
        case '$nin':
          clauses.push(not(this.in(path, argument)));
          break;
        case '$gt':
        case '$gte':
        case '$lt':
        case '$lte':
          clauses.push(this.some(path, (operand) => this.compare(operand, operator, argument)));
          break;
        case '$exists':
          clauses.push(argument ? this.exists(path) : not(this.exists(path)));
          break;
        case '$regex':
          clauses.push(this.regex(path, argument, condition.$options));
          break;
        case '$not':
          clauses.push(not(this.field(path, argument)));
          break;
      }
    }
    return this.all(clauses);
  }

  /** Mongo's equality: `null` also matches a missing field; an array matches when an element equals. */
  private equals(path: string, expected: unknown): string {
    if (expected === null || expected === undefined) return this.missingOr(path, ({ value }) => `${value} IS NULL`);
    return this.some(path, (operand) => this.equalTo(operand, expected));
  }

  private equalTo({ value, type }: Operand, expected: unknown): string {
    if (typeof expected === 'boolean')
      return `(${value} = ${this.param(expected ? 1 : 0)} AND ${type} = '${expected}')`;
    if (typeof expected === 'string' || typeof expected === 'number') return `${value} = ${this.param(expected)}`;
    throw new TypeError(`unsupported equality with ${JSON.stringify(expected)}: compare fields one by one`);
  }

  private in(path: string, candidates: unknown): string {
    if (!Array.isArray(candidates)) throw new TypeError(`$in and $nin on ${path} take an array`);
    const plain = candidates.filter((value) => typeof value === 'string' || typeof value === 'number');
    const booleans = candidates.filter((value): value is boolean => typeof value === 'boolean');
    const membership = this.some(path, (operand) =>
      this.any([
        ...(plain.length > 0
          ? [`${operand.value} IN (SELECT value FROM json_each(${this.param(JSON.stringify(plain))}))`]
          : []),
        ...booleans.map((value) => this.equalTo(operand, value)),
      ]),
    );
    if (plain.length + booleans.length < candidates.length) {
      if (candidates.some((value) => value !== null && typeof value === 'object')) {
        throw new TypeError(`unsupported $in value on ${path}: compare fields one by one`);
      }
      return `(${membership} OR ${this.equals(path, null)})`;
    }
    return membership;
  }

  /**
   * Mongo compares only within a type (`{ age: { $gt: 25 } }` never matches a string). SQLite orders every number
   * before every text, so a bound of the other kind (`< ''`, `>= ''`) keeps the range one type, and indexable.
   */
  private compare({ value }: Operand, operator: string, bound: unknown): string {
    if (typeof bound !== 'number' && typeof bound !== 'string') {
      throw new TypeError(`${operator} takes a number or a string, got ${JSON.stringify(bound)}`);
    }
    const sign = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator] as string;
    const range = `${value} ${sign} ${this.param(bound)}`;
    if (typeof bound === 'number') return sign.startsWith('>') ? `(${range} AND ${value} < '')` : range;
    return sign.startsWith('<') ? `(${range} AND ${value} >= '')` : range;
  }

  private exists(path: string): string {
    return this.some(path, ({ type }) => `${type} IS NOT NULL`);
  }

  private regex(path: string, pattern: unknown, options: unknown): string {
    const [source, flags] =
      pattern instanceof RegExp
        ? [pattern.source, pattern.flags]
        : [String(pattern), typeof options === 'string' ? options : ''];
    return this.some(
      path,
      ({ value, type }) => `(${type} = 'text' AND regexp(${this.param(`${flags}/${source}`)}, ${value}))`,
    );
  }

  /** True when the path is missing, or when the predicate holds for some value at it. */
  private missingOr(path: string, predicate: Predicate): string {
    const prefix = this.arrayPrefix(path);
    if (prefix === undefined) return predicate({ value: valueOf(path), type: typeOf(path) });
    return `(${typeOf(prefix)} IS NULL OR ${this.some(path, predicate)})`;
  }

  /** True when the predicate holds for some value at the path: the value itself, or an element of an array on it. */
  private some(path: string, predicate: Predicate): string {
    const prefix = this.arrayPrefix(path);
    if (prefix === undefined) return predicate({ value: valueOf(path), type: typeOf(path) });
    const alias = `e${(this.aliases += 1)}`;
    const rest = path.slice(prefix.length + 1);
    const element: Operand =
      rest === ''
        ? { value: `${alias}.value`, type: `${alias}.type` }
        : { value: valueOf(rest, `${alias}.value`), type: typeOf(rest, `${alias}.value`) };
    const exists = `EXISTS (SELECT 1 FROM ${elementsAt(prefix)} AS ${alias} WHERE ${predicate(element)})`;
    // A field of an element exists only in a non-empty array: saying so first lets the planner read the documents
    // with one from the index that indexStatements adds for such a field.
    return rest === '' ? exists : `(${arrayLength(prefix)} > 0 AND ${exists})`;
  }

  /** The shortest prefix of the path (the path itself included) that has held an array in this collection. */
  private arrayPrefix(path: string): string | undefined {
    if (path === '_id') return undefined;
    this.arrays ??= this.arraysOf();
    if (this.arrays.size === 0) return undefined;
    const segments = path.split('.');
    for (let end = 1; end <= segments.length; end += 1) {
      const prefix = segments.slice(0, end).join('.');
      if (this.arrays.has(prefix)) return prefix;
    }
    return undefined;
  }

  private param(value: SqlValue): string {
    this.params.push(value);
    return '?';
  }
}

/** Negates a condition that SQL may answer with NULL (a comparison with a missing field): Mongo counts it as false. */
function not(condition: string): string {
  return `NOT coalesce(${condition}, 0)`;
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RegExp) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

/** The paths (dotted, from the document's root) that hold an array in this document, not looking inside arrays. */
export function arrayPathsOf(document: Record<string, unknown>, prefix = ''): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(document)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (Array.isArray(value)) found.push(path);
    else if (value !== null && typeof value === 'object')
      found.push(...arrayPathsOf(value as Record<string, unknown>, path));
  }
  return found;
}
