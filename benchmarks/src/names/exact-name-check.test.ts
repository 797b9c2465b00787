import { describe, expect, it } from 'vitest';
import { createBm25Ranker } from '@loadout/bm25';
import { createCatalog, withQuerySyntax } from '@loadout/core';
import { createFakeRanker } from '@loadout/core/test';
import { checkExactNames } from './exact-name-check.js';
import { nameSpellings } from './name-spellings.js';

const catalog = createCatalog([
  { name: 'getVRGame', server: 'games', description: 'Fetch a VR game by id' },
  { name: 'get_vr_game_reviews', server: 'games', description: 'Reviews of a VR game: get vr game reviews' },
  { name: 'find_symbol', server: 'code', description: 'Find where a symbol is defined' },
  { name: 'find_symbol', server: 'legacy', description: 'Old symbol finder; find symbol, find symbols' },
  { name: 'filesystem::write_file', description: 'Write a file' },
  { name: 'desktop::write_file', description: 'Write a file to the desktop' },
  { name: 'write_file_log', description: 'write file write file write_file' },
  { name: 'search', server: 'web', description: 'Search the web for find symbol write file getVRGame' },
  // Issue 29's misses: a dotted name's last segment named a shorter or plural neighbour first.
  { name: 'air_quality', description: 'Retrieve the air quality index for a specific location.' },
  { name: 'environmental_data.air_quality_index', description: 'Retrieves Air Quality Index (AQI) for a location.' },
  { name: 'get_maintenance_configs', description: 'Retrieve a list of all maintenance configurations.' },
  { name: 'MaintenanceConfigurationApi.get_maintenance_config', description: 'Retrieve the maintenance configuration settings.' },
]);

describe('nameSpellings', () => {
  it('spells a name every way a user may type it', () => {
    const tool = catalog.tools.find((candidate) => candidate.name === 'getVRGame')!;
    expect(nameSpellings(tool)).toEqual([
      { kind: 'own', query: 'getVRGame' },
      { kind: 'snake', query: 'get_vr_game' },
      { kind: 'spaced', query: 'get vr game' },
      { kind: 'camel', query: 'getVrGame' },
      { kind: 'display', query: 'mcp__games__getVRGame' },
      { kind: 'run-together', query: 'get vrgame' },
    ]);
    const namespaced = catalog.tools.find((candidate) => candidate.name === 'filesystem::write_file')!;
    expect(nameSpellings(namespaced).find((spelling) => spelling.kind === 'tail')).toEqual({ kind: 'tail', query: 'write_file' });
    const dotted = catalog.tools.find((candidate) => candidate.name === 'environmental_data.air_quality_index')!;
    expect(nameSpellings(dotted).filter((spelling) => spelling.kind.startsWith('tail'))).toEqual([
      { kind: 'tail', query: 'air_quality_index' },
      { kind: 'tail-spaced', query: 'air quality index' },
      { kind: 'tail-camel', query: 'airQualityIndex' },
      { kind: 'tail-kebab', query: 'air-quality-index' },
      { kind: 'tail-run-together', query: 'airqualityindex' },
    ]);
  });
});

describe('checkExactNames', () => {
  it('passes every spelling with BM25F behind withQuerySyntax', () => {
    const ranker = withQuerySyntax(createBm25Ranker());
    ranker.index(catalog.tools);
    const report = checkExactNames(ranker, catalog.tools);
    expect(report.failures).toEqual([]);
    expect(report.passed).toBe(report.queries);
    expect(report.shared).toBeGreaterThan(0);
  });

  it('fails a ranker without exact-name handling', () => {
    const ranker = withQuerySyntax(createFakeRanker(), { exactNameFirst: false });
    ranker.index(catalog.tools);
    const report = checkExactNames(ranker, catalog.tools);
    expect(report.passed).toBeLessThan(report.queries);
    expect(report.failures.length).toBeGreaterThan(0);
  });
});
