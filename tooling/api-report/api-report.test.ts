import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REGENERATE_COMMAND, REPORT_DIRECTORY, apiReport, publicPackages, reportFileName } from './api-report.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const directory = fileURLToPath(REPORT_DIRECTORY);
const packages = publicPackages(root);
const hint = `The public API changed. If that is on purpose, run \`${REGENERATE_COMMAND}\` and commit tooling/api-report/*.api.txt.`;

describe('API report (tooling/api-report/*.api.txt)', () => {
  it.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s exports what its report lists', (_name, pkg) => {
    const file = `${directory}${reportFileName(pkg.name)}`;
    expect(existsSync(file), `${file} is missing. ${hint}`).toBe(true);
    expect(apiReport(pkg), hint).toBe(readFileSync(file, 'utf8'));
  });

  it('has no report of a package that is gone', () => {
    const wanted = new Set(packages.map((pkg) => reportFileName(pkg.name)));
    const stale = readdirSync(directory).filter((file) => file.endsWith('.api.txt') && !wanted.has(file));
    expect(stale, hint).toEqual([]);
  });
});
