import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { REGENERATE_COMMAND, REPORT_FILE, apiExports, apiReports, publicPackages, reportPath, staleReports } from './api-report.js';
import type { EntryExports } from './api-report.js';
import { JUSTIFIED_EXPORTS_FILE, UNUSED_EXPORTS_FILE, formatUnusedList, interiorExportUses, interiorReportNotes, parseJustifications, parseUnusedList, staleJustifications, unusedExports } from './unused-exports.js';
import type { ExportUse } from './unused-exports.js';
import { workspaceUses } from './workspace-uses.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const packages = publicPackages(root);
const hint = `The public API changed. If that is on purpose, run \`${REGENERATE_COMMAND}\` and commit the packages' ${REPORT_FILE}.`;
const justified = parseJustifications(readFileSync(new URL(JUSTIFIED_EXPORTS_FILE, import.meta.url), 'utf8'));
const unusedFile = readFileSync(new URL(UNUSED_EXPORTS_FILE, import.meta.url), 'utf8');

describe(`API report (each package's ${REPORT_FILE})`, () => {
  let exports = new Map<string, EntryExports[]>();
  let uses: ExportUse[] = [];
  let reports = new Map<string, string>();
  // One TypeScript program over every package's .d.ts, and every source file read: seconds alone, longer on a loaded machine.
  beforeAll(() => {
    exports = apiExports(packages);
    uses = interiorExportUses(root, packages, exports, workspaceUses(root));
    reports = apiReports(exports, interiorReportNotes(uses, justified));
  }, 180_000);

  it.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s exports what its report lists', (_name, pkg) => {
    const file = reportPath(pkg);
    expect(existsSync(file), `${file} is missing. ${hint}`).toBe(true);
    expect(reports.get(pkg.name), hint).toBe(readFileSync(file, 'utf8'));
  });

  it('has no report of a package that is gone, and none left in tooling/api-report', () => {
    expect(staleReports(root, packages), hint).toEqual([]);
    expect(readdirSync(fileURLToPath(new URL('.', import.meta.url))).filter((file) => file.endsWith('.api.txt'))).toEqual([]);
  });

  it(`every export of an interior package is used outside it, documented, or justified (${UNUSED_EXPORTS_FILE} only shrinks)`, () => {
    const listed = parseUnusedList(unusedFile);
    const unlisted = unusedExports(uses, justified).filter((line) => !listed.includes(line));
    expect(
      unlisted,
      `No other package, no test outside the package and no documentation uses these exports: remove each (and what only it used), or add a line "<entry> <name>: <why>" to tooling/api-report/${JUSTIFIED_EXPORTS_FILE}.`,
    ).toEqual([]);
  });

  it(`${UNUSED_EXPORTS_FILE} lists only exports still unused`, () => {
    const unused = unusedExports(uses, justified);
    const kept = parseUnusedList(unusedFile).filter((line) => unused.includes(line));
    expect(unusedFile, `Some listed exports are used or gone now: run \`${REGENERATE_COMMAND}\` and commit tooling/api-report/${UNUSED_EXPORTS_FILE}.`).toBe(formatUnusedList(kept, REGENERATE_COMMAND));
  });

  it(`${JUSTIFIED_EXPORTS_FILE} justifies only exports that are there and unused`, () => {
    expect(staleJustifications(uses, justified), `Remove these lines from tooling/api-report/${JUSTIFIED_EXPORTS_FILE}.`).toEqual([]);
  });
});
