import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { REGENERATE_COMMAND, REPORT_DIRECTORY, apiReports, publicPackages, reportFileName } from './api-report.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const directory = fileURLToPath(REPORT_DIRECTORY);
const packages = publicPackages(root);
const hint = `The public API changed. If that is on purpose, run \`${REGENERATE_COMMAND}\` and commit tooling/api-report/*.api.txt.`;

describe('API report (tooling/api-report/*.api.txt)', () => {
  let reports = new Map<string, string>();
  // One TypeScript program over every package's .d.ts: seconds alone, longer on a loaded machine.
  beforeAll(() => {
    reports = apiReports(packages);
  }, 180_000);

  it.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s exports what its report lists', (_name, pkg) => {
    const file = `${directory}${reportFileName(pkg.name)}`;
    expect(existsSync(file), `${file} is missing. ${hint}`).toBe(true);
    expect(reports.get(pkg.name), hint).toBe(readFileSync(file, 'utf8'));
  });

  it('has no report of a package that is gone', () => {
    const wanted = new Set(packages.map((pkg) => reportFileName(pkg.name)));
    const stale = readdirSync(directory).filter((file) => file.endsWith('.api.txt') && !wanted.has(file));
    expect(stale, hint).toEqual([]);
  });
});
