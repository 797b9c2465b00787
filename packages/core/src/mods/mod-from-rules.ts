import { createLoadoutError, describeValue } from '../errors/index.js';
import type { LoadoutError } from '../errors/index.js';
import { didYouMean } from '../plugins/nearest-name.js';
import { modInvalid } from './mod-invalid.js';
import type { CatalogTool } from '../catalog/tool.js';
import { compileGlob } from './glob.js';
import type { GlobMatcher } from './glob.js';
import type { DeclarativeMod, Mod, ModRule, ToolDescribeHook } from './mod.js';

interface CompiledRule {
  readonly rule: ModRule;
  readonly glob: GlobMatcher | undefined;
}

/**
 * Turns a declarative mod into a {@link Mod} named `plugin`. A rule matches a
 * tool when its `server` equals `tool.server` and its `tool` glob matches the
 * tool's own name (omitted fields match everything). Matching rules apply
 * in order, each setting the fields it has, so for `isDeferred` and for
 * `description` the last matching rule that sets it decides; fields no
 * matching rule sets come from beneath. No match: the answer from beneath, unchanged.
 * Globs are compiled once, here. Throws LoadoutError `mod-invalid` for a
 * malformed declarative mod: an unknown key (`options`: a mod takes none;
 * `name`: it is `plugin`), a rule with an unknown or mistyped field, or a
 * rule that sets neither `isDeferred` nor `description` (it would do nothing),
 * an empty `rules` (the same), or a `description` that is empty or blank (the
 * tools it matches could no longer be found).
 */
export function modFromRules(declarative: DeclarativeMod): Mod {
  const { plugin, rules } = readDeclarative(declarative);
  const compiled: CompiledRule[] = rules.map((rule, index) => {
    checkRule(plugin, rule, index);
    return { rule, glob: rule.tool === undefined ? undefined : compileGlob(rule.tool) };
  });
  const hook: ToolDescribeHook = (event, next) => {
    const choice = matchingChoice(compiled, event.tool);
    if (choice === undefined) return next();
    const beneath = next();
    const description = choice.description ?? beneath.description;
    const isDeferred = choice.isDeferred ?? beneath.isDeferred;
    return isDeferred === undefined ? { description } : { description, isDeferred };
  };
  return { name: plugin, hooks: { 'tool.describe': hook } };
}

function matchingChoice(compiled: readonly CompiledRule[], tool: CatalogTool): Pick<ModRule, 'description' | 'isDeferred'> | undefined {
  let matched = false;
  let description: string | undefined;
  let isDeferred: boolean | undefined;
  for (const { rule, glob } of compiled) {
    if (rule.server !== undefined && rule.server !== tool.server) continue;
    if (glob !== undefined && !glob.matches(tool.name)) continue;
    matched = true;
    if (rule.description !== undefined) description = rule.description;
    if (rule.isDeferred !== undefined) isDeferred = rule.isDeferred;
  }
  if (!matched) return undefined;
  return { ...(description === undefined ? {} : { description }), ...(isDeferred === undefined ? {} : { isDeferred }) };
}

/** The keys of a declarative mod. */
const DECLARATIVE_KEYS = ['plugin', 'rules'] as const;

/** Keys people write for a declarative mod's, with what to write instead (said before any "did you mean"). */
const MISTAKEN_KEYS: Readonly<Record<string, string>> = {
  name: 'did you mean "plugin"? (a declarative mod is named by "plugin")',
  options:
    'a mod takes no options: a declarative mod is { plugin, rules }, "plugin" its own name (not a plug-in it configures), and says everything in its rules; the mods a plug-in file exports take no options either',
};

function unknownKey(plugin: unknown, key: string): LoadoutError {
  const hint = MISTAKEN_KEYS[key] ?? didYouMean(key, DECLARATIVE_KEYS).replace(/^; /, '');
  const message = `unknown key ${describeValue(key)}${hint === '' ? '' : `; ${hint}`} (keys: ${DECLARATIVE_KEYS.join(', ')})`;
  return typeof plugin === 'string' && plugin.length > 0 ? modInvalid(plugin, message, { key }) : createLoadoutError('mod-invalid', `a declarative mod: ${message}`, { key });
}

function readDeclarative(declarative: unknown): DeclarativeMod {
  if (typeof declarative !== 'object' || declarative === null || Array.isArray(declarative)) {
    throw modInvalid(declarative, 'a declarative mod must be an object { plugin, rules }');
  }
  const { plugin, rules } = declarative as { plugin?: unknown; rules?: unknown };
  const unknown = Object.keys(declarative).find((key) => !(DECLARATIVE_KEYS as readonly string[]).includes(key));
  if (unknown !== undefined) throw unknownKey(plugin, unknown);
  if (typeof plugin !== 'string' || plugin.length === 0) {
    throw createLoadoutError('mod-invalid', `a declarative mod: plugin (its name) must be a non-empty string, got ${describeValue(plugin)}`, { mod: plugin });
  }
  if (!Array.isArray(rules)) {
    throw modInvalid(plugin, `rules ${describeValue(rules)} must be an array`);
  }
  if (rules.length === 0) {
    throw modInvalid(plugin, 'rules is empty: the mod does nothing (give it a rule, or leave the mod out)');
  }
  return declarative as DeclarativeMod;
}

const ruleFields: Readonly<Record<keyof ModRule, 'string' | 'boolean'>> = {
  server: 'string',
  tool: 'string',
  isDeferred: 'boolean',
  description: 'string',
};

function checkRule(plugin: string, rule: unknown, index: number): asserts rule is ModRule {
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) {
    throw modInvalid(plugin, `rule ${index} ${describeValue(rule)} is not an object`, { rule: index });
  }
  for (const [field, value] of Object.entries(rule)) {
    const expected = ruleFields[field as keyof ModRule];
    if (expected === undefined) {
      throw modInvalid(plugin, `rule ${index} has unknown field ${describeValue(field)}${didYouMean(field, Object.keys(ruleFields))} (fields: ${Object.keys(ruleFields).join(', ')})`, { rule: index, field });
    }
    if (value !== undefined && typeof value !== expected) {
      const problem = `field ${describeValue(field)} must be a ${expected}, got ${describeValue(value)}`;
      throw modInvalid(plugin, `rule ${index} ${problem}`, { rule: index, field });
    }
  }
  const { isDeferred, description } = rule as ModRule;
  if (description !== undefined && description.trim() === '') {
    throw modInvalid(plugin, `rule ${index} sets description ${describeValue(description)}: an empty description leaves the tools it matches nothing to be found by (leave description out to keep theirs)`, { rule: index, field: 'description' });
  }
  if (isDeferred === undefined && description === undefined) {
    throw modInvalid(plugin, `rule ${index} ${describeValue(rule)} does nothing: it sets neither isDeferred nor description`, { rule: index });
  }
}
