import { describe, expect, it } from 'vitest';
import { findGlobalReferences } from './find-global-references.js';
import { NODE_GLOBALS } from './node-builtins.js';

const names = (code: string) => findGlobalReferences(code, NODE_GLOBALS).map((reference) => reference.name);

describe('findGlobalReferences', () => {
  it('finds free uses of Node globals, guarded or not', () => {
    expect(names('export const a = () => process.env.X, b = Buffer.from("x");')).toEqual(['process', 'Buffer']);
    expect(names('if (typeof process !== "undefined") {}')).toEqual(['process']);
    expect(names('const o = { Buffer }; const { x = __dirname } = o;')).toEqual(['Buffer', '__dirname']);
    expect(names('require("fs")')).toEqual(['require']);
  });

  it('ignores property names, keys, labels and locally declared names', () => {
    const code = [
      'const o = { process: 1, global() {} }; o.process; o.Buffer;',
      'class C { setImmediate() {} static require = 1 }',
      'function f(require, { global: g }) { return require(g); }',
      'let __filename = "x"; __filename;',
      'process: for (;;) break process;',
      'export { o as Buffer };',
    ].join('\n');
    expect(names(code)).toEqual([]);
  });

  it('reports the offset of each reference', () => {
    expect(findGlobalReferences('x(process)', NODE_GLOBALS)).toEqual([{ name: 'process', start: 2 }]);
  });
});
