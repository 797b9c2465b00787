import { describe, expect, it } from 'vitest';
import { describeLoadFailure, loadFailure, nodeReason } from './load-failure.js';

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

  // Retrial (decision 3455): the path with a decorated stack kept the whole message, and Node's hint for a named
  // import of a CommonJS module quotes the importing line.
  it('keeps the first line of a located error, never the source line a hint quotes', () => {
    const secret = 'sk-SECRET-hunter2';
    const hint = `Named export 'tag' not found. The requested module 'pkg' is a CommonJS module, which may not support all module.exports as named exports.\nCommonJS modules can always be imported via the default export, for example using:\n\nimport pkg from 'pkg';\nconst { tag } from 'pkg'; const token = '${secret}'; = pkg;\n`;
    const error = syntaxError(hint, `file:///x/h.mjs:1\nimport { tag } from 'pkg'; const token = '${secret}';\n         ^^^\nSyntaxError: ${hint}\n    at ModuleJob._instantiate (node:internal)`);
    const line = describeLoadFailure(loadFailure(error, '/x/h.mjs'), '/x/h.mjs');
    expect(line).toBe("/x/h.mjs:1:10: syntax error: Named export 'tag' not found. The requested module 'pkg' is a CommonJS module, which may not support all module.exports as named exports.");
    expect(line).not.toContain(secret);
  });

  it("never says what Node's first line quotes of the source: a regular expression, a JSON snippet", () => {
    expect(nodeReason('Invalid regular expression: /sk-SECRET(/gu: Unterminated group')).toBe('Invalid regular expression: Unterminated group');
    expect(nodeReason('Unexpected token \'x\', "{"t": "sk-SECRET" x}" is not valid JSON')).toBe("Unexpected token 'x' (not valid JSON)");
    expect(nodeReason('first\nsecond sk-SECRET')).toBe('first');
  });

  it('gives the line alone when the caret is missing (an error at the end of the input)', () => {
    const error = syntaxError('Unexpected end of input', 'file:///x/h.cjs:6\n\n\n\nSyntaxError: Unexpected end of input');
    expect(loadFailure(error, '/x/h.cjs')).toEqual({ kind: 'syntax', at: '/x/h.cjs:6', reason: 'Unexpected end of input' });
  });
});
