/**
 * `pnpm api-report`: rewrites each public package's api-report.txt (in its
 * own folder), the list of its exports, from the built `.d.ts` files, and
 * removes the report of a folder that no longer holds a public package. An
 * interior package's report also says where each export is used; exports
 * nobody uses are printed, and tooling/api-report/unused-exports.txt keeps
 * only the listed ones still unused (it never grows).
 * Commit the result with a change that means to change the public surface;
 * the check (`api-report.test.ts`, part of `pnpm test`) fails while they
 * differ.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REGENERATE_COMMAND, REPORT_FILE, apiExports, apiReports, publicPackages, reportPath, staleReports } from './api-report.js';
import { JUSTIFIED_EXPORTS_FILE, UNUSED_EXPORTS_FILE, formatUnusedList, interiorExportUses, interiorReportNotes, parseJustifications, parseUnusedList, staleJustifications, unusedExports } from './unused-exports.js';
import { workspaceUses } from './workspace-uses.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const justifiedPath = fileURLToPath(new URL(JUSTIFIED_EXPORTS_FILE, import.meta.url));
const unusedPath = fileURLToPath(new URL(UNUSED_EXPORTS_FILE, import.meta.url));
const packages = publicPackages(root);
for (const file of staleReports(root, packages)) rmSync(file);
const exports = apiExports(packages);
const justified = parseJustifications(readFileSync(justifiedPath, 'utf8'));
const uses = interiorExportUses(root, packages, exports, workspaceUses(root));
const reports = apiReports(exports, interiorReportNotes(uses, justified));
for (const pkg of packages) writeFileSync(reportPath(pkg), reports.get(pkg.name)!);
const unused = unusedExports(uses, justified);
const listed = existsSync(unusedPath) ? parseUnusedList(readFileSync(unusedPath, 'utf8')) : [];
writeFileSync(unusedPath, formatUnusedList(listed.filter((line) => unused.includes(line)), REGENERATE_COMMAND));
const unlisted = unused.filter((line) => !listed.includes(line));
const stale = staleJustifications(uses, justified);
process.stdout.write(`api report: ${packages.length} packages' ${REPORT_FILE} written; ${unused.length} unused interior exports\n`);
if (unlisted.length > 0 || stale.length > 0) {
  process.stderr.write(
    [
      ...(unlisted.length > 0 ? [`Unused exports of interior packages: remove each (and what only it used), or justify it in tooling/api-report/${JUSTIFIED_EXPORTS_FILE}:`, ...unlisted.map((line) => `  ${line}`)] : []),
      ...(stale.length > 0 ? [`Lines of tooling/api-report/${JUSTIFIED_EXPORTS_FILE} to remove:`, ...stale.map((line) => `  ${line}`)] : []),
      '',
    ].join('\n'),
  );
  process.exitCode = 1;
}
