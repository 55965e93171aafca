import { describe, expect, it } from '@jest/globals';
import { compileFilter } from './sql-filter.js';

describe('compileFilter', () => {
  it('asks which paths hold arrays only for a filter on a field other than the id, and once', () => {
    let asked = 0;
    const arrays = () => {
      asked += 1;
      return new Set(['tags']);
    };
    expect(compileFilter({ _id: 'a' }, arrays)).toEqual({ sql: 'id = ?', params: ['a'] });
    compileFilter({ _id: { $in: ['a', 'b'] } }, arrays);
    expect(asked).toBe(0);

    const { sql } = compileFilter({ _id: 'a', tags: 'x', status: { $in: ['sent', 'pending'] } }, arrays);
    expect(asked).toBe(1);
    // The path that has held an array is read element by element; the others as they are.
    expect(sql).toContain('json_each');
    expect(sql).toContain(`doc ->> '$.status'`);
  });
});
