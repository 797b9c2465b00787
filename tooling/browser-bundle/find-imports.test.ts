import { describe, expect, it } from 'vitest';
import { findImports } from './find-imports.js';

describe('findImports', () => {
  it('lists static, re-exported and dynamic imports in order', () => {
    const code = 'import a from "a"; import "b"; export { c } from "@loadout/core"; export * from "d"; const e = () => import("node:fs"), f = (x) => import(x);';
    expect(findImports(code)).toEqual(['a', 'b', '@loadout/core', 'd', 'node:fs', '<computed>']);
  });

  it('ignores local exports and require calls', () => {
    expect(findImports('const x = 1; export { x }; export default x; require("fs");')).toEqual([]);
  });
});
