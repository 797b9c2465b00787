import { describe, expect, it } from 'vitest';
import { describeLoadFailure, loadFailure } from './load-failure.js';

const syntaxError = (message: string, stack: string): SyntaxError => Object.assign(new SyntaxError(message), { stack });

describe('loadFailure', () => {
  it("keeps esbuild's error line of a .ts file, its column 1-based, and counts the others", () => {
    const error = new Error('Transform failed with 2 errors:\n/x/r.ts:5:45: ERROR: Unexpected "}"\n/x/r.ts:9:0: ERROR: Unexpected end of file');
    expect(loadFailure(error, '/x/r.ts')).toEqual({ kind: 'syntax', at: '/x/r.ts:5:46', reason: 'Unexpected "}" (and 1 more)' });
  });

  it("reads the place off Node's decorated stack, never the line it shows", () => {
    const error = syntaxError("Unexpected token 'secret'", "file:///x/m.cjs:7\n  const token = 'secret' secret;\n                         ^^^^^^\n\nSyntaxError: Unexpected token 'secret'\n    at wrapSafe (node:internal)");
    const failure = loadFailure(error, '/x/m.cjs');
    expect(failure).toEqual({ kind: 'syntax', at: '/x/m.cjs:7:26', reason: "Unexpected token 'secret'" });
    expect(describeLoadFailure(failure, '/x/m.cjs')).toBe("/x/m.cjs:7:26: syntax error: Unexpected token 'secret'");
  });

  it('says a throw with its first line only', () => {
    const failure = loadFailure(new Error('no credentials\n    at x (file:///x/m.mjs:1:7)'), '/x/m.mjs');
    expect(describeLoadFailure(failure, '/x/m.mjs')).toBe('/x/m.mjs threw while loading: no credentials');
    expect(describeLoadFailure(loadFailure(42, '/x/m.mjs'), '/x/m.mjs')).toBe('/x/m.mjs threw while loading: 42');
  });
});
