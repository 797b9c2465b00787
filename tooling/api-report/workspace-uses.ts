import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { documentedWords, exportUses } from './export-uses.js';
import type { ExportUses } from './export-uses.js';

/** Where a use was found: a non-test source file, a test (or its fixture), or documentation (Markdown, `examples/`). */
export type UseKind = 'packages' | 'tests' | 'docs';

/** One source file's uses of `@loadout` entries. */
export interface FileUses {
  /** Relative to the repository root, with `/`. */
  readonly path: string;
  readonly kind: UseKind;
  readonly uses: ExportUses;
}

/** What the workspace uses of the `@loadout` entries: every source file's uses, and the identifiers in its documentation's code. */
export interface WorkspaceUses {
  readonly files: readonly FileUses[];
  readonly documented: ReadonlySet<string>;
}

const SOURCE_FOLDERS = ['packages', 'apps', 'benchmarks', 'tooling', 'docs', 'examples'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', 'packs', 'results', 'screenshots']);
const CODE = /\.(?:[mc]?[jt]s|tsx)$/;

function walk(folder: string, visit: (file: string) => void): void {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, visit);
    else visit(path);
  }
}

function kindOf(path: string): UseKind {
  if (/(^|\/)examples\//.test(path)) return 'docs';
  if (/\.test\.[mc]?[jt]sx?$/.test(path) || path.includes('/__fixtures__/') || path.startsWith('tooling/')) return 'tests';
  return 'packages';
}

/**
 * Documentation is what a user reads: the README, `docs/` (not
 * `docs/decisions/`, the history of why), every package's and app's README,
 * and the READMEs under `examples/`.
 */
function isDocumentation(path: string): boolean {
  if (!path.endsWith('.md')) return false;
  if (path === 'README.md') return true;
  if (path.startsWith('docs/')) return !path.startsWith('docs/decisions/');
  return /^(packages|apps)\/[^/]+\/README\.md$/.test(path) || /(^|\/)examples\/.*\.md$/.test(path);
}

/**
 * Reads every source file (`.ts`, `.tsx`, `.js`, `.mjs`, …; not
 * `node_modules`, `dist` or hidden folders) under the workspace's folders and
 * every documentation file. Tooling counts as tests: it checks the
 * packages, it is not a user of them.
 */
export function workspaceUses(root: string): WorkspaceUses {
  const files: FileUses[] = [];
  const documented = new Set<string>();
  const visit = (file: string): void => {
    const path = relative(root, file).split(sep).join('/');
    if (path.startsWith('tooling/api-report/')) return; // its tests quote imports as data
    if (isDocumentation(path)) {
      for (const word of documentedWords(readFileSync(file, 'utf8'))) documented.add(word);
    } else if (CODE.test(path)) {
      const uses = exportUses(path, readFileSync(file, 'utf8'));
      if (uses.size > 0) files.push({ path, kind: kindOf(path), uses });
    }
  };
  for (const name of readdirSync(root)) if (name.endsWith('.md')) visit(join(root, name));
  for (const folder of SOURCE_FOLDERS) walk(join(root, folder), visit);
  return { files, documented };
}
