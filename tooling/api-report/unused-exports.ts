import { relative, sep } from 'node:path';
import { entrySpecifier } from './api-report.js';
import type { EntryExports, PublicPackage, ReportNotes } from './api-report.js';
import type { UseKind, WorkspaceUses } from './workspace-uses.js';

/**
 * Packages that are not a user's entry point: the command line, the gateway
 * and the adapters build on them, and a user reaches them through those (a
 * ranker by name, the gateway through `loadout serve`). Each of their exports
 * must be used by another package, a test outside the package or the
 * documentation, or be justified in {@link JUSTIFIED_EXPORTS_FILE}.
 * Core, the adapters, the browser engine and the WebAssembly component are
 * what users import; their surface is theirs to document.
 */
export const INTERIOR_PACKAGES: readonly string[] = [
  '@loadout/bm25',
  '@loadout/demo-catalog',
  '@loadout/embeddings',
  '@loadout/eval',
  '@loadout/learn',
  '@loadout/learn-postgres',
  '@loadout/mcp',
  '@loadout/rankers',
  '@loadout/tokens',
];

/** The committed list of interior exports kept without a use: `<entry> <name>: <why>`, one a line. */
export const JUSTIFIED_EXPORTS_FILE = 'justified-exports.txt';

/** The generated list of interior exports with no use and no justification; the check wants it empty. */
export const UNUSED_EXPORTS_FILE = 'unused-exports.txt';

/** One export of an interior package and where it is used. */
export interface ExportUse {
  /** `@loadout/learn/rerank` */
  readonly entry: string;
  readonly name: string;
  readonly kind: string;
  /** Where it is used outside its package; empty when nowhere. */
  readonly usedBy: ReadonlySet<UseKind>;
}

/** `entry name` → why, from the justification file's text. Throws on a line that is not `<entry> <name>: <why>`. */
export function parseJustifications(text: string): Map<string, string> {
  const justified = new Map<string, string>();
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = /^(@loadout\/[a-z0-9-]+(?:\/[a-z0-9-]+)?) ([A-Za-z_$][\w$]*): (\S.*)$/.exec(line);
    if (match === null) throw new Error(`${JUSTIFIED_EXPORTS_FILE}:${index + 1}: expected "<entry> <name>: <why>", got ${JSON.stringify(line)}`);
    justified.set(`${match[1]} ${match[2]}`, match[3]!);
  }
  return justified;
}

/**
 * Where each export of the interior packages is used outside its package:
 * by a non-test file of another package, app, or benchmark (`packages`), a
 * test or tooling (`tests`), or documentation and `examples/` (`docs`, which
 * also counts the package's own README and examples). An export that appears
 * in the declaration of a used export of its package (an option type, a
 * return type) is used the same way: a caller meets it there.
 */
export function interiorExportUses(
  root: string,
  packages: readonly PublicPackage[],
  exports: ReadonlyMap<string, readonly EntryExports[]>,
  uses: WorkspaceUses,
): ExportUse[] {
  const result: ExportUse[] = [];
  for (const pkg of packages) {
    if (!INTERIOR_PACKAGES.includes(pkg.name)) continue;
    const folder = `${relative(root, pkg.folder).split(sep).join('/')}/`;
    const outside = uses.files.filter((file) => !file.path.startsWith(folder) || file.kind === 'docs');
    const rows = (exports.get(pkg.name) ?? []).flatMap((entry) => {
      const specifier = entrySpecifier(pkg.name, entry.subpath);
      return entry.rows.map((row) => {
        const usedBy = new Set<UseKind>();
        for (const file of outside) {
          const names = file.uses.get(specifier);
          if (names !== undefined && (names === '*' || names.has(row.name))) usedBy.add(file.kind);
        }
        if (uses.documented.has(row.name)) usedBy.add('docs');
        return { entry: specifier, name: row.name, kind: row.kind, usedBy, references: row.references };
      });
    });
    // What a used export's declaration names is used the same way, until nothing changes.
    const byName = new Map<string, (typeof rows)[number][]>();
    for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
    let changed = true;
    while (changed) {
      changed = false;
      for (const row of rows) {
        if (row.usedBy.size === 0) continue;
        for (const reference of row.references) {
          for (const target of byName.get(reference) ?? []) {
            for (const kind of row.usedBy) {
              if (!target.usedBy.has(kind)) {
                target.usedBy.add(kind);
                changed = true;
              }
            }
          }
        }
      }
    }
    for (const { references: _references, ...use } of rows) result.push(use);
  }
  return result;
}

const USE_ORDER: readonly UseKind[] = ['packages', 'tests', 'docs'];

const keyOf = (use: ExportUse): string => `${use.entry} ${use.name}`;

/** The note after an interior export in its package's API report: `· used by packages, docs`, `· justified` or `· UNUSED`. */
export function useNote(use: ExportUse, justified: ReadonlyMap<string, string>): string {
  if (use.usedBy.size > 0) return `· used by ${USE_ORDER.filter((kind) => use.usedBy.has(kind)).join(', ')}`;
  return justified.has(keyOf(use)) ? '· justified' : '· UNUSED';
}

/** The notes of each interior package's API report (see {@link useNote}). */
export function interiorReportNotes(all: readonly ExportUse[], justified: ReadonlyMap<string, string>): Map<string, ReportNotes> {
  const byPackage = new Map<string, Map<string, string>>();
  for (const use of all) {
    const name = use.entry.split('/').slice(0, 2).join('/');
    const notes = byPackage.get(name) ?? new Map<string, string>();
    notes.set(keyOf(use), useNote(use, justified));
    byPackage.set(name, notes);
  }
  const legend = `An interior package: after each name, where it is used outside the package (another package, a test, the docs), or whether tooling/api-report/${JUSTIFIED_EXPORTS_FILE} justifies it.`;
  return new Map([...byPackage].map(([name, notes]) => [name, { legend, notes }]));
}

/** Lines of the justification list for exports that are gone, or that are used now (the line is no longer needed). */
export function staleJustifications(all: readonly ExportUse[], justified: ReadonlyMap<string, string>): string[] {
  const byKey = new Map(all.map((use) => [keyOf(use), use]));
  const problems: string[] = [];
  for (const key of justified.keys()) {
    const use = byKey.get(key);
    if (use === undefined) problems.push(`${key}: not an export of an interior package any more`);
    else if (use.usedBy.size > 0) problems.push(`${key}: ${useNote(use, justified).slice(2)} now, so the line is not needed`);
  }
  return problems;
}

/** Interior exports with no use and no justification, as `<entry> <kind> <name>` lines in report order. */
export function unusedExports(all: readonly ExportUse[], justified: ReadonlyMap<string, string>): string[] {
  return all.filter((use) => use.usedBy.size === 0 && !justified.has(keyOf(use))).map((use) => `${use.entry} ${use.kind} ${use.name}`);
}

/** The `<entry> <kind> <name>` lines of an unused-exports file (comments and blank lines left out). */
export function parseUnusedList(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/**
 * The unused-exports file: a header, then `lines`. It only ever shrinks: the
 * writer keeps the listed exports that are still unused, and the check fails
 * on an unused export it does not list, so a new one is removed or justified,
 * never listed.
 */
export function formatUnusedList(lines: readonly string[], regenerate: string): string {
  return [
    '# Exports of interior packages (INTERIOR_PACKAGES in tooling/api-report/unused-exports.ts) that no other',
    `# package, no test outside the package and no documentation uses, and that ${JUSTIFIED_EXPORTS_FILE} does not`,
    `# justify. Rewritten by \`${regenerate}\`, which only drops lines: an export missing here that is unused fails`,
    `# the API report check. Remove such an export (and what only it used), or justify it in ${JUSTIFIED_EXPORTS_FILE}.`,
    ...lines,
    '',
  ].join('\n');
}
