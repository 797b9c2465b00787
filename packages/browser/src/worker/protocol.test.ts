import { describe, it, expect } from 'vitest';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import { isEngineRequest, isEngineResponse } from './protocol.js';
import { fromWireError, toWireError } from './wire-error.js';

describe('protocol guards', () => {
  it('accept well-formed requests and responses only', () => {
    expect(isEngineRequest({ kind: 'call', id: 1, method: 'search', params: { query: 'x' } })).toBe(true);
    expect(isEngineRequest({ kind: 'cancel', id: 1 })).toBe(true);
    expect(isEngineRequest({ kind: 'call', id: 1, method: 'search' })).toBe(false);
    expect(isEngineRequest({ kind: 'call', id: '1', method: 'search', params: {} })).toBe(false);
    expect(isEngineRequest({ kind: 'call', id: 1, method: 'toString', params: {} })).toBe(false);
    expect(isEngineRequest(null)).toBe(false);
    expect(isEngineResponse({ kind: 'result', id: 1, method: 'flush', value: null })).toBe(true);
    expect(isEngineResponse({ kind: 'error', id: 1, method: 'flush', error: { name: 'Error', message: 'x' } })).toBe(true);
    expect(isEngineResponse({ kind: 'result', id: 1, method: 'flush' })).toBe(false);
    expect(isEngineResponse({ kind: 'error', id: 1, error: {} })).toBe(false);
  });
});

describe('wire errors', () => {
  it('keep a LoadoutError code, message and JSON-safe details', () => {
    const original = createLoadoutError('catalog-invalid-json', 'bad.json: line 2', { line: 2, callback: () => 1, nested: { ok: true } });
    const wire = toWireError(original);
    expect(JSON.parse(JSON.stringify(wire))).toEqual(wire);
    const rebuilt = fromWireError(structuredClone(wire));
    expect(isLoadoutError(rebuilt) && rebuilt.code).toBe('catalog-invalid-json');
    expect(rebuilt.message).toBe('bad.json: line 2');
    expect(isLoadoutError(rebuilt) && rebuilt.details).toEqual({ line: 2, nested: { ok: true } });
  });

  it('keep the name and message of other errors, and survive details that cannot be serialised', () => {
    const rebuilt = fromWireError(toWireError(new RangeError('too far')));
    expect(isLoadoutError(rebuilt)).toBe(false);
    expect([rebuilt.name, rebuilt.message]).toEqual(['RangeError', 'too far']);
    expect(fromWireError(toWireError('plain')).message).toBe('plain');
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(toWireError(createLoadoutError('invalid-input', 'x', cyclic))).toEqual({ name: 'LoadoutError', message: 'x', code: 'invalid-input' });
    expect(isLoadoutError(fromWireError({ name: 'LoadoutError', message: 'x', code: 'from-the-future' as never }))).toBe(false);
  });
});
