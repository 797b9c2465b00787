/**
 * `pnpm api-report`: rewrites each public package's api-report.txt (in its
 * own folder), the list of its exports, from the built `.d.ts` files, and
 * removes the report of a folder that no longer holds a public package.
 * Commit the result with a change that means to change the public surface;
 * the check (`api-report.test.ts`, part of `pnpm test`) fails while they
 * differ.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REPORT_FILE, apiReports, publicPackages, reportPath, staleReports } from './api-report.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const packages = publicPackages(root);
for (const file of staleReports(root, packages)) rmSync(file);
const reports = apiReports(packages);
for (const pkg of packages) writeFileSync(reportPath(pkg), reports.get(pkg.name)!);
process.stdout.write(`api report: ${packages.length} packages' ${REPORT_FILE} written\n`);
