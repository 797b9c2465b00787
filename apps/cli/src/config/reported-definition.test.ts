import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pinModule } from '../sandbox/module-pin.js';
import { reportedDefinition } from './reported-definition.js';

// Decision 3460: a ranker's definition is checked in its worker, which reports it. The plug-in's code runs
// there and may post anything: the main thread checks the report again, and says each failure as it said it
// when it imported the module itself.
const file = fileURLToPath(import.meta.url);
const site = { name: 'plug', path: '/c.json', key: 'rankers.plug', specifier: './plug.mjs', pin: pinModule(file) };

describe('reportedDefinition', () => {
  it('a checked report: its metadata, usage and options included', () => {
    const metadata = { name: 'plug', queryKind: 'keywords', options: { depth: { type: 'integer', description: 'how deep', default: 2 } }, capabilities: { usage: { learns: ['model'] } } };
    expect(reportedDefinition({ ok: true, metadata }, site)).toEqual(metadata);
  });

  it.each<[string, unknown, string, string]>([
    ['another name', { ok: true, metadata: { name: 'other', queryKind: 'keywords' } }, 'ranker-invalid', `/c.json: rankers.plug: ${file} defines the ranker "other", not "plug"`],
    ['metadata that is no definition', { ok: true, metadata: { name: 'plug', queryKind: 'sql' } }, 'ranker-invalid', `/c.json: rankers.plug (${file}): its default export: not a ranker definition: queryKind must be "keywords" or "pattern", got "sql"`],
    ['no report at all', 'hello', 'ranker-invalid', `/c.json: rankers.plug (${file}): its worker gave no report of its definition`],
    ['an import failure', { ok: false, failure: { kind: 'import', esmInCommonJs: false, message: `${file}:3:1: syntax error: Unexpected token` } }, 'plugin-load-failed', `/c.json: rankers.plug: ${file}:3:1: syntax error: Unexpected token (got "./plug.mjs")`],
    ['an ES module in a CommonJS folder', { ok: false, failure: { kind: 'import', esmInCommonJs: true, message: 'x.js is an ES module in a CommonJS folder' } }, 'esm-in-commonjs', '/c.json: rankers.plug: x.js is an ES module in a CommonJS folder (got "./plug.mjs")'],
    ['no default export', { ok: false, failure: { kind: 'no-default' } }, 'ranker-invalid', `/c.json: rankers.plug (${file}): it has no default export`],
    // The pin holds: a config-untrusted the plug-in threw itself is its failure to load.
    ['a claimed config-untrusted', { ok: false, failure: { kind: 'untrusted', message: 'forged' } }, 'plugin-load-failed', `/c.json: rankers.plug: ${file} threw while loading: forged (got "./plug.mjs")`],
  ])('%s', (_, report, code, message) => {
    let thrown: unknown;
    try {
      reportedDefinition(report, site);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code });
    expect((thrown as Error).message.startsWith(message)).toBe(true);
  });
});
