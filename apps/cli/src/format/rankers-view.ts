import type { LoadoutError, OptionSpec, OptionsSchema, RankerDefinition } from '@loadout/core';
import { countOf } from './count-of.js';

/** One option as `loadout rankers --json` prints it (nested options under `properties`). */
export interface OptionView {
  readonly type: OptionSpec['type'];
  readonly description: string;
  readonly default?: unknown;
  readonly min?: number;
  readonly max?: number;
  readonly values?: readonly string[];
  readonly properties?: Readonly<Record<string, OptionView>>;
}

/** One ranker as `loadout rankers --json` prints it. */
export interface RankerView {
  readonly name: string;
  readonly default: boolean;
  readonly description: string | null;
  readonly queryKind: RankerDefinition['queryKind'];
  readonly capabilities: { readonly browserSafe: boolean; readonly persistence: string | null; readonly learnsFromUsage: readonly string[] | null };
  readonly options: Readonly<Record<string, OptionView>>;
}

/**
 * A plug-in ranker whose module did not load, as `loadout rankers --json`
 * prints it: only what is known, its name, whether the config chose it, and
 * why (the message names its `rankers` key and module file), with its code.
 */
export interface BrokenRankerView {
  readonly name: string;
  readonly default: boolean;
  readonly error: { readonly code: string; readonly message: string };
}

function optionView(spec: OptionSpec): OptionView {
  return {
    type: spec.type,
    description: spec.description,
    ...(spec.default === undefined ? {} : { default: spec.default }),
    ...(spec.min === undefined ? {} : { min: spec.min }),
    ...(spec.max === undefined ? {} : { max: spec.max }),
    ...(spec.values === undefined ? {} : { values: spec.values }),
    ...(spec.properties === undefined ? {} : { properties: optionsView(spec.properties) }),
  };
}

function optionsView(schema: OptionsSchema | undefined): Record<string, OptionView> {
  return Object.fromEntries(Object.entries(schema ?? {}).map(([name, spec]) => [name, optionView(spec)]));
}

/** A registered ranker's description, capabilities and options, for listing; given `error` (why its module did not load), its name and that only. */
export function rankerView(definition: RankerDefinition, defaultRanker: string, error?: LoadoutError): RankerView | BrokenRankerView {
  const isDefault = definition.name === defaultRanker;
  if (error !== undefined) return { name: definition.name, default: isDefault, error: { code: error.code, message: error.message } };
  const capabilities = definition.capabilities;
  return {
    name: definition.name,
    default: isDefault,
    description: definition.description ?? null,
    queryKind: definition.queryKind,
    capabilities: {
      browserSafe: capabilities?.browserSafe === true,
      persistence: capabilities?.persistence?.format ?? null,
      learnsFromUsage: capabilities?.usage === undefined ? null : ['usage field', ...(capabilities.usage.learns ?? [])],
    },
    options: optionsView(definition.options),
  };
}

function range(view: OptionView): string {
  if (view.values !== undefined) return view.values.join(' | ');
  if (view.min === undefined && view.max === undefined) return '';
  return `${view.min ?? ''}–${view.max ?? ''}`;
}

/** The options of an object option, at every level below it. */
function nestedCount(view: OptionView): number {
  return Object.values(view.properties ?? {}).reduce((sum, inner) => sum + 1 + nestedCount(inner), 0);
}

/** One line per option (two for a long name); with `nested`, the options of object options too (`bm25.k1`), else their count. */
function optionLines(options: Readonly<Record<string, OptionView>>, prefix: string, nested: boolean): string[] {
  return Object.entries(options).flatMap(([name, view]) => {
    const fallback = view.default === undefined ? '' : `default ${JSON.stringify(view.default)}`;
    const inside = view.properties === undefined || nested ? '' : `${countOf(nestedCount(view), 'option')} inside`;
    const facts = [view.type, inside, fallback, range(view)].filter((part) => part !== '').join(', ');
    const key = `${prefix}${name}`;
    // A name longer than the column gets a line of its own, so every description starts in the column.
    const lines = key.length < 28 ? [`    ${key.padEnd(28)} ${facts}: ${view.description}`] : [`    ${key}`, `    ${''.padEnd(28)} ${facts}: ${view.description}`];
    return [...lines, ...(view.properties === undefined || !nested ? [] : optionLines(view.properties, `${prefix}${name}.`, nested))];
  });
}

/** How `loadout rankers` prints its list (see {@link renderRankers}). */
export interface RenderRankersOptions {
  /** Every option at every level (`bm25.fieldWeights.name`), as `--json` has them. Default false: the top-level ones, each object option with how many it holds. */
  readonly verbose?: boolean;
}

/**
 * `loadout rankers`: one block per ranker (name, description, capabilities,
 * options). By default the top-level options only, an object option
 * (`fieldWeights`, `bm25`) summarised with how many options it holds, and
 * one closing line saying `--verbose` lists them.
 */
export function renderRankers(views: readonly (RankerView | BrokenRankerView)[], settings: RenderRankersOptions = {}): string {
  const verbose = settings.verbose === true;
  const hidden = !verbose && views.some((view) => !('error' in view) && Object.values(view.options).some((option) => option.properties !== undefined));
  const hint = hidden ? '\nOptions inside objects (fieldWeights.name, bm25.k1, …): loadout rankers --verbose, or --json.\n' : '';
  return views
    .map((view) => {
      if ('error' in view) return `${view.name}${view.default ? ' (default)' : ''}: not loaded: ${view.error.message} [${view.error.code}]`;
      const { capabilities } = view;
      const facts = [
        view.queryKind === 'pattern' ? 'queries are patterns' : 'keyword queries',
        capabilities.browserSafe ? 'browser-safe' : 'Node only',
        capabilities.persistence === null ? undefined : `saves its index (${capabilities.persistence})`,
        capabilities.learnsFromUsage === null ? undefined : `learns from usage (${capabilities.learnsFromUsage.join(', ')})`,
      ].filter((fact) => fact !== undefined);
      const options = Object.keys(view.options).length === 0 ? ['  options: none'] : ['  options:', ...optionLines(view.options, '', verbose)];
      return [`${view.name}${view.default ? ' (default)' : ''}: ${view.description ?? 'no description'}`, `  ${facts.join(' · ')}`, ...options].join('\n');
    })
    .join('\n\n') + '\n' + hint;
}
