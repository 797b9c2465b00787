import { createLoadoutError, describeValue } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import type { EngineConfig, TokenizerName } from './engine-options.js';

function invalid(option: string, value: unknown, expected: string): never {
  throw createLoadoutError('invalid-option', `@loadout/browser: ${option} must be ${expected} (got ${describeValue(value)})`, { option, value });
}

function optionalString(config: EngineConfig, option: keyof EngineConfig): void {
  const value = config[option];
  if (value !== undefined && (typeof value !== 'string' || value.length === 0)) invalid(option, value, 'a non-empty string');
}

/** Checks the engine settings that are cheap to check up front; throws `invalid-option`. Returns the tokenizer. */
export function readEngineConfig(config: EngineConfig): TokenizerName {
  const tokenizer = config.tokenizer ?? 'tiktoken';
  if (tokenizer !== 'tiktoken' && tokenizer !== 'approximate') invalid('tokenizer', tokenizer, '"tiktoken" or "approximate"');
  optionalString(config, 'staticTableUrl');
  optionalString(config, 'modelBaseUrl');
  optionalString(config, 'transformersModel');
  optionalString(config, 'indexDatabaseName');
  const cacheName = config.staticTableCacheName;
  if (cacheName !== undefined && cacheName !== null && (typeof cacheName !== 'string' || cacheName.length === 0)) {
    invalid('staticTableCacheName', cacheName, 'a non-empty string or null');
  }
  integerOption('@loadout/browser', 'staticComponents', config.staticComponents, undefined, 0, 100);
  for (const option of ['persistIndexes', 'transformersQuantized', 'completeLastWord'] as const) {
    const value = config[option];
    if (value !== undefined && typeof value !== 'boolean') invalid(option, value, 'a boolean');
  }
  return tokenizer;
}
