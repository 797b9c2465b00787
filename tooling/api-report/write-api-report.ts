/**
 * `pnpm api-report`: rewrites tooling/api-report/<package>.api.txt, the list
 * of every public package's exports, from the built `.d.ts` files. Commit the
 * result with a change that means to change the public surface; the check
 * (`api-report.test.ts`, part of `pnpm test`) fails while they differ.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REPORT_DIRECTORY, apiReports, publicPackages, reportFileName } from './api-report.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const directory = fileURLToPath(REPORT_DIRECTORY);
const packages = publicPackages(root);
const wanted = new Set(packages.map((pkg) => reportFileName(pkg.name)));
for (const file of readdirSync(directory)) if (file.endsWith('.api.txt') && !wanted.has(file)) rmSync(`${directory}${file}`);
for (const [name, report] of apiReports(packages)) writeFileSync(`${directory}${reportFileName(name)}`, report);
process.stdout.write(`api report: ${packages.length} packages written to tooling/api-report/\n`);
