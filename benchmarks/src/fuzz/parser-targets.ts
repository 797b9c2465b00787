import { createCatalog, decideToolSearch, parseCatalogText, parsePolicyInput, parseToolQuery } from '@loadout/core';
import { parseMcpConfig } from '@loadout/mcp';

/** One public parser under fuzz: `text` parsers get strings, the others any value. */
export interface FuzzTarget {
  readonly name: string;
  readonly input: 'text' | 'value';
  run(input: unknown): unknown;
}

/** Every public parser of Loadout that takes untrusted input. */
export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  { name: 'parseCatalogText', input: 'text', run: (text) => parseCatalogText(text as string, { source: 'fuzz' }) },
  { name: 'createCatalog', input: 'value', run: (value) => createCatalog(value as never) },
  { name: 'parsePolicyInput + decideToolSearch', input: 'value', run: (value) => decideToolSearch(parsePolicyInput(value)) },
  { name: 'parseToolQuery', input: 'value', run: (value) => parseToolQuery(value as string) },
  { name: 'parseMcpConfig', input: 'value', run: (value) => parseMcpConfig(value, { env: {} }) },
];
