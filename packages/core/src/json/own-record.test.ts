import { describe, expect, it } from 'vitest';
import { setOwn } from './own-record.js';

describe('setOwn', () => {
  it('keep __proto__, constructor and toString as ordinary keys', () => {
    const record: Record<string, number> = {};
    for (const [index, key] of ['__proto__', 'constructor', 'toString', 'plain'].entries()) setOwn(record, key, index);
    expect(Object.keys(record)).toEqual(['__proto__', 'constructor', 'toString', 'plain']);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(record, '__proto__')?.value).toBe(0);
    expect(record['toString']).toBe(2);
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);
  });
});
