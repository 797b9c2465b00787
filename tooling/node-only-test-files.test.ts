import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findNodeOnlyTestFiles } from './node-only-test-files.js';

const root = mkdtempSync(join(tmpdir(), 'loadout-tests-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('findNodeOnlyTestFiles', () => {
  it('lists the test files that import a node: module, statically or dynamically', () => {
    write('a/src/reads-fixture.test.ts', "import { readFileSync } from 'node:fs';\n");
    write('a/src/deep/dynamic.test.ts', "const fs = await import('node:fs');\n");
    write('a/src/side-effect.test.ts', 'import "node:process";\n');
    write('a/src/pure.test.ts', "import { describe } from 'vitest';\nconst pattern = /from\\s+['\"]node:/;\n");
    write('a/src/helper.ts', "import { join } from 'node:path';\n");
    write('a/node_modules/x/y.test.ts', "import 'node:fs';\n");
    write('b/src/other.test.ts', "import 'node:fs';\n");
    expect(findNodeOnlyTestFiles(root, ['a'])).toEqual(['a/src/deep/dynamic.test.ts', 'a/src/reads-fixture.test.ts', 'a/src/side-effect.test.ts']);
  });
});
