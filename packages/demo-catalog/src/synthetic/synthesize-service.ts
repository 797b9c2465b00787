import type { JsonObject, ToolInput } from '@loadout/core';
import { fnv1a32 } from '@loadout/core/utils';
import { bool, int, num, objectSchema, str } from '../schema.js';
import type { Property } from '../schema.js';
import type { ActionSpec, EntitySpec, ProductFamily } from './product-families.js';
import { createSeededRandom } from './seeded-random.js';
import type { SeededRandom } from './seeded-random.js';

/** How one brand spells its tool and parameter names. */
type NameStyle = 'verb_noun' | 'noun_verb' | 'camel';

/** The generic record operations every family has. */
type Operation = 'create' | 'get' | 'list' | 'update' | 'delete' | 'search';
const OPERATIONS: readonly Operation[] = ['create', 'get', 'list', 'update', 'delete', 'search'];

/** Words a brand may use for each operation in tool names. */
const VERBS: Record<Operation, readonly string[]> = {
  create: ['create', 'add', 'new'],
  get: ['get', 'fetch', 'read'],
  list: ['list', 'browse'],
  update: ['update', 'edit', 'modify'],
  delete: ['delete', 'remove'],
  search: ['search', 'find', 'query'],
};

/** Description templates per operation; `{brand}`, `{noun}`, `{one}`, `{many}`, `{fields}` are filled in. */
const TEMPLATES: Record<Operation, readonly string[]> = {
  create: ['Create a {one} in {brand} with {fields}.', 'Add a new {one} to your {brand} {noun}.', 'Register a {one} in the {brand} {noun}: {fields}.'],
  get: ['Get one {brand} {one} by id, with {fields}.', 'Fetch the details of a {one} from {brand}.', 'Read a single {one} of the {brand} {noun}.'],
  list: ['List {many} in {brand}, newest first, a page at a time.', 'Browse the {many} of your {brand} {noun}, optionally filtered.', 'Page through every {one} in {brand}.'],
  update: ['Update a {brand} {one}; only the fields you pass change.', 'Edit an existing {one} in {brand}: {fields}.', 'Change the {fields} of a {one} in the {brand} {noun}.'],
  delete: ['Delete a {one} from {brand} for good.', 'Remove a {one} from your {brand} {noun}; this cannot be undone.', 'Permanently delete a {brand} {one}.'],
  search: ['Search {brand} {many} by keyword across {fields}.', 'Find {many} in {brand} that match a text query.', 'Look up {many} in the {brand} {noun} by any of {fields}.'],
};

/** Sentences a brand may add to a description: the small print that makes two vendors' tools differ. */
const REMARKS: readonly string[] = [
  'Needs the admin scope.',
  'Read-only API keys cannot call this.',
  'Limited to 10 calls a second per workspace.',
  'Changes are written to the audit log.',
  'Runs in the background; the answer holds a job id to poll.',
  'Data stays in the EU region.',
  'Answers include links that open the record in the web app.',
  'Times are in the workspace time zone.',
  'Webhooks fire once it succeeds.',
  'Sandbox workspaces accept it without side effects.',
  'Archived items are left out unless asked for.',
  'Results are cached for a minute.',
  'Available on paid plans only.',
  'Works on records shared with you, too.',
  'Fails with a conflict error when someone else changed it first.',
];

/** Optional parameters a brand may add to any tool. */
const EXTRA_PARAMETERS: ReadonlyArray<readonly [string, Property]> = [
  ['workspace id', str('Workspace to act in; default: the one of the API key.')],
  ['dry run', bool('Check the request without changing anything.', { default: false })],
  ['idempotency key', str('Repeat a request safely: the same key is applied once.')],
  ['locale', str('Language of the texts in the answer, e.g. en-GB.')],
  ['include archived', bool('Also consider archived records.', { default: false })],
  ['notify', bool('Tell the people concerned by email.', { default: true })],
  ['fields', str('Comma-separated fields to return; default: all.')],
  ['region', str('Data region to use, e.g. us or eu.')],
  ['tags', str('Comma-separated tags to attach.')],
  ['external ref', str('Your own reference, stored with the record.')],
];

/** Adds a brand's small print to a description and, sometimes, one optional parameter. */
function personalize(tool: { description: string; parameters: Field[] }, random: SeededRandom): void {
  if (random.next() < 0.5) tool.description = `${tool.description} ${random.pick(REMARKS)}`;
  if (random.next() < 0.35) {
    const [name, property] = random.pick(EXTRA_PARAMETERS);
    if (!tool.parameters.some((field) => field.name === name)) tool.parameters.push({ name, property, optional: true });
  }
}

interface Field {
  readonly name: string;
  readonly property: Property;
  readonly optional: boolean;
}

/** Memoizes a function of one string: the same few hundred field and verb names come back for every server. */
function memoize<T>(compute: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) {
      value = compute(text);
      known.set(text, value);
    }
    return value;
  };
}

const words = memoize((text: string): readonly string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== ''),
);

function camel(parts: readonly string[]): string {
  return parts.map((word, index) => (index === 0 ? word : `${word[0]!.toUpperCase()}${word.slice(1)}`)).join('');
}

function join(style: NameStyle, verb: string, noun: string): string {
  const verbWords = words(verb);
  const nounWords = words(noun);
  if (style === 'camel') return camel([...verbWords, ...nounWords]);
  return (style === 'noun_verb' ? [...nounWords, ...verbWords] : [...verbWords, ...nounWords]).join('_');
}

const camelName = memoize((name: string) => camel(words(name)));
const snakeName = memoize((name: string) => words(name).join('_'));

function parameterName(style: NameStyle, name: string): string {
  return style === 'camel' ? camelName(name) : snakeName(name);
}

/** Reads `name:description; …` (`#` integer, `%` number, `?` boolean, leading `-` optional). The answer is shared: copy before changing it. */
const readFields = memoize((spec: string): readonly Field[] =>
  spec
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const colon = part.indexOf(':');
      let name = part.slice(0, colon).trim();
      const description = part.slice(colon + 1).trim();
      const optional = name.startsWith('-');
      if (optional) name = name.slice(1);
      const marker = name.at(-1);
      if (marker === '#' || marker === '%' || marker === '?') name = name.slice(0, -1);
      const property = marker === '#' ? int(`${description}.`) : marker === '%' ? num(`${description}.`) : marker === '?' ? bool(`${description}.`) : str(`${description}.`);
      return { name, property, optional };
    }),
);

function schema(style: NameStyle, fields: readonly Field[]): JsonObject {
  return objectSchema(Object.fromEntries(fields.map((field) => [`${parameterName(style, field.name)}${field.optional ? '?' : ''}`, field.property])));
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? key);
}

function fieldList(fields: readonly Field[]): string {
  const names = fields.slice(0, 3).map((field) => words(field.name).join(' '));
  return names.length <= 1 ? (names[0] ?? 'its details') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/** One brand of one family, with the choices that make its tools its own. */
export interface SyntheticService {
  /** Server name, lower case (`cobaltdesk`). */
  readonly server: string;
  /** Display name used in descriptions (`Cobaltdesk`). */
  readonly brand: string;
  readonly family: ProductFamily;
}

function entityTools(service: SyntheticService, entity: EntitySpec, style: NameStyle, random: SeededRandom): ToolInput[] {
  const [one = entity.name, many = `${one}s`] = entity.name.split('/');
  const fields = readFields(entity.fields);
  const idName = random.next() < 0.5 ? 'id' : `${one} id`;
  const id: Field = { name: idName, property: str(`Id of the ${one}.`), optional: false };
  const values = { brand: service.brand, noun: service.family.noun, one, many, fields: fieldList(fields) };
  const tools: ToolInput[] = [];
  for (const operation of OPERATIONS) {
    // Every brand can create and list; the other operations vary, as real APIs do.
    if (operation !== 'create' && operation !== 'list' && random.next() < 0.3) continue;
    const verb = random.pick(VERBS[operation]);
    const noun = operation === 'list' || operation === 'search' ? many : one;
    let parameters: Field[];
    switch (operation) {
      case 'create':
        parameters = fields.map((field, index) => ({ ...field, optional: index > 0 && random.next() < 0.6 }));
        break;
      case 'get':
      case 'delete':
        parameters = [id];
        break;
      case 'update':
        parameters = [id, ...fields.map((field) => ({ ...field, optional: true }))];
        break;
      case 'list':
        parameters = [
          { name: 'limit', property: int(`Most ${many} to return.`, { minimum: 1, maximum: random.pick([50, 100, 200]) }), optional: true },
          { name: random.pick(['cursor', 'page token', 'page']), property: str('Where the next page starts, from the previous answer.'), optional: true },
        ];
        break;
      case 'search':
        parameters = [
          { name: random.pick(['query', 'q', 'text']), property: str(`Words to look for in ${fieldList(fields)}.`), optional: false },
          { name: 'limit', property: int('Most results to return.', { minimum: 1, maximum: 100 }), optional: true },
        ];
        break;
    }
    const draft = { description: fill(random.pick(TEMPLATES[operation]), values), parameters };
    personalize(draft, random);
    tools.push({
      name: join(style, verb, noun),
      description: draft.description,
      inputSchema: schema(style, draft.parameters),
      server: service.server,
      kind: 'mcp',
    });
  }
  return tools;
}

function actionTool(service: SyntheticService, spec: ActionSpec, style: NameStyle, random: SeededRandom): ToolInput {
  const name = random.pick(spec.names);
  const draft = { description: fill(random.pick(spec.descriptions), { brand: service.brand, noun: service.family.noun }), parameters: [...readFields(spec.parameters)] };
  personalize(draft, random);
  return {
    name: style === 'camel' ? camel(words(name)) : name,
    description: draft.description,
    inputSchema: schema(style, draft.parameters),
    server: service.server,
    kind: 'mcp',
  };
}

/**
 * The tools of one synthesized server: the family's record operations for
 * each of its records (create and list always, the rest most of the time)
 * and its own actions (most of them), named in the brand's style
 * (`create_contact`, `contact_create` or `createContact`), with the brand's
 * words for each verb, descriptions drawn from several phrasings plus the
 * brand's small print, and parameters named in the same style (some with
 * an extra optional one). Deterministic: the choices are seeded
 * by the server name.
 */
export function synthesizeServiceTools(service: SyntheticService): ToolInput[] {
  const random = createSeededRandom(fnv1a32(service.server));
  const style = random.pick<NameStyle>(['verb_noun', 'verb_noun', 'noun_verb', 'camel']);
  const tools = service.family.entities.flatMap((entity) => entityTools(service, entity, style, random));
  for (const spec of service.family.actions) if (random.next() < 0.85) tools.push(actionTool(service, spec, style, random));
  const seen = new Set<string>();
  return tools.filter((tool) => !seen.has(tool.name) && seen.add(tool.name) !== undefined);
}
