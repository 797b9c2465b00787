import type { LoadoutError, OptionSpec, OptionsSchema, RankerDefinition } from '@loadout/core';

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

function optionLines(options: Readonly<Record<string, OptionView>>, prefix: string): string[] {
  return Object.entries(options).flatMap(([name, view]) => {
    const fallback = view.default === undefined ? '' : `default ${JSON.stringify(view.default)}`;
    const facts = [view.type, fallback, range(view)].filter((part) => part !== '').join(', ');
    const key = `${prefix}${name}`;
    // A name longer than the column gets a line of its own, so every description starts in the column.
    const lines = key.length < 28 ? [`    ${key.padEnd(28)} ${facts}: ${view.description}`] : [`    ${key}`, `    ${''.padEnd(28)} ${facts}: ${view.description}`];
    return [...lines, ...(view.properties === undefined ? [] : optionLines(view.properties, `${prefix}${name}.`))];
  });
}

/** `loadout rankers`: one block per ranker. */
export function renderRankers(views: readonly (RankerView | BrokenRankerView)[]): string {
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
      const options = Object.keys(view.options).length === 0 ? ['  options: none'] : ['  options:', ...optionLines(view.options, '')];
      return [`${view.name}${view.default ? ' (default)' : ''}: ${view.description ?? 'no description'}`, `  ${facts.join(' · ')}`, ...options].join('\n');
    })
    .join('\n\n') + '\n';
}
