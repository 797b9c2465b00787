import { isLoadoutError } from '@loadout/core';
import { validateRankerDefinition } from '@loadout/core/plugins';
import { configError } from './config-error.js';
import { moduleError, rethrowIn } from './module-error.js';
import type { DefinitionFailure, RankerMetadata } from '../sandbox/definition-report.js';
import { brokenPin, type ModulePin } from '../sandbox/module-pin.js';

/** Where a ranker's module is named: the config, the key (`rankers.NAME`), the specifier as written, and the module's pin. */
export interface RankerModuleSite {
  readonly name: string;
  readonly path: string;
  readonly key: string;
  readonly specifier: string;
  readonly pin: ModulePin;
}

/** The error of `failure`, as the config's load said it when it imported the module itself. */
function failureError(failure: DefinitionFailure, site: RankerModuleSite): Error {
  const { name, path, key, specifier, pin } = site;
  const file = pin.file;
  switch (failure.kind) {
    case 'import':
      return configError(failure.esmInCommonJs ? 'esm-in-commonjs' : 'plugin-load-failed', path, key, String(failure.message), specifier);
    case 'untrusted': {
      // Believed only if the pin is broken: the module's own code may throw a config-untrusted of its own.
      const broken = brokenPin(pin, `ranker ${JSON.stringify(name)}`, String(failure.message));
      if (broken === undefined) return configError('plugin-load-failed', path, key, `${file} threw while loading: ${String(failure.message)}`, specifier);
      return isLoadoutError(broken) ? moduleError(broken.code, path, key, file, broken.message) : broken;
    }
    case 'no-default':
      return moduleError('ranker-invalid', path, key, file, "it has no default export: a ranker module must `export default` its definition { specificationVersion: 'v1', name, queryKind, create }");
    case 'invalid':
      return moduleError('ranker-invalid', path, key, file, String(failure.message));
    case 'misnamed':
      return configError('ranker-invalid', path, key, `${file} defines the ranker ${JSON.stringify(failure.defined)}, not ${JSON.stringify(name)}`);
    default:
      return moduleError('ranker-invalid', path, key, file, 'its worker gave no report of its definition');
  }
}

/**
 * The metadata of the ranker `site` names, from what its worker reported
 * (see `startDefinitionWorker`); throws the error the config's load gave
 * when it imported the module itself: `plugin-load-failed` or
 * `esm-in-commonjs` (where, never the source), `ranker-invalid` (no default
 * export, not a definition, another name), `config-untrusted`. The report
 * is checked again here, as a definition with stand-in functions: the
 * plug-in's code runs in that worker and may post anything.
 */
export function reportedDefinition(report: unknown, site: RankerModuleSite): RankerMetadata {
  const answer = report as { ok?: unknown; metadata?: unknown; failure?: DefinitionFailure } | null | undefined;
  if (answer?.ok !== true) throw failureError(answer?.failure ?? ({ kind: 'unknown' } as unknown as DefinitionFailure), site);
  const metadata = answer.metadata as RankerMetadata;
  const capabilities = (metadata as { capabilities?: unknown } | null)?.capabilities as RankerMetadata['capabilities'] | undefined;
  const usage = typeof capabilities === 'object' && capabilities !== null ? capabilities.usage : undefined;
  const standIn = {
    ...(metadata as object),
    specificationVersion: 'v1',
    ...(capabilities === undefined ? {} : { capabilities: { ...capabilities, ...(usage === undefined ? {} : { usage: { ...usage, withUsage: (options: unknown) => options } }) } }),
    create: () => undefined,
  };
  try {
    validateRankerDefinition(standIn, 'its default export');
  } catch (error) {
    rethrowIn(error, site.path, site.key, site.pin.file);
  }
  if (standIn.name !== site.name) throw failureError({ kind: 'misnamed', defined: standIn.name }, site);
  return metadata;
}
