import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import { isRecord } from '../utils/is-record.js';
import { integerOption } from '../utils/number-option.js';

/** Throws `invalid-option` for `owner`'s `option`. */
export function invalidOption(owner: string, option: string, message: string, value: unknown): never {
  throw createLoadoutError('invalid-option', `${owner}: ${option} ${message}, got ${describeValue(value)}`, { option });
}

/** `maxSteps` of a loop helper: an integer 1–100, default 16. */
export function readMaxSteps(owner: string, value: unknown): number {
  return integerOption(owner, 'maxSteps', value, 16, 1, 100);
}

/** The names of the caller's own tools (`name`, or `function.name` for Chat Completions tools). */
export function ownToolNames(tools: readonly Readonly<Record<string, unknown>>[]): Set<string> {
  const names = new Set<string>();
  for (const tool of tools) {
    const inner = isRecord(tool['function']) ? tool['function']['name'] : undefined;
    const name = typeof tool['name'] === 'string' ? tool['name'] : inner;
    if (typeof name === 'string') names.add(name);
  }
  return names;
}
