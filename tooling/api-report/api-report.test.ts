import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { REGENERATE_COMMAND, REPORT_FILE, apiReports, publicPackages, reportPath, staleReports } from './api-report.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const packages = publicPackages(root);
const hint = `The public API changed. If that is on purpose, run \`${REGENERATE_COMMAND}\` and commit the packages' ${REPORT_FILE}.`;

describe(`API report (each package's ${REPORT_FILE})`, () => {
  let reports = new Map<string, string>();
  // One TypeScript program over every package's .d.ts: seconds alone, longer on a loaded machine.
  beforeAll(() => {
    reports = apiReports(packages);
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
});
