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
  // A user trial's misses: last segments holding `/` or `:`, run together, and a segment of a path that is not a last segment.
  { name: 'Morning Star::articles/list', description: 'List latest articles' },
  { name: 'Morning Star::articles/get-details', description: 'Get articles details', inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The id of articles/list, as articles list returns it' } } } },
  { name: 'Cricbuzz Cricket::teams/get-stats', description: 'Get stats by team' },
  { name: 'Exerra phishing check::Get stats', description: 'Get statistics about the Exerra Phishing API' },
  { name: 'Correo::/cities/states/:stateIsoCode', description: 'Cities of a state' },
  { name: 'Correo::/cities/states', description: 'States and their cities: cities states state iso code' },
  { name: 'Rewards as a Service::7. Get order history', description: 'Get order history' },
  { name: 'Shop::Get order history', description: 'Order history of a shop: 7 get order history' },
  { name: 'huggingface::dslim/bert-base-NER', description: 'bert base NER uncased model' },
  { name: 'huggingface::dslim/bert-base-NER-uncased', description: 'NER' },
]);

describe('nameSpellings', () => {
  it('spells a name every way a user may type it', () => {
    const tool = catalog.tools.find((candidate) => candidate.name === 'getVRGame')!;
    expect(nameSpellings(tool)).toEqual([
      { kind: 'own', query: 'getVRGame' },
      { kind: 'snake', query: 'get_vr_game' },
      { kind: 'spaced', query: 'get vr game' },
      { kind: 'camel', query: 'getVrGame' },
      { kind: 'kebab', query: 'get-vr-game' },
      { kind: 'joined', query: 'getvrgame' },
      { kind: 'display', query: 'mcp__games__getVRGame' },
      { kind: 'run-together', query: 'get vrgame' },
    ]);
    const slashed = catalog.tools.find((candidate) => candidate.name === 'Morning Star::articles/list')!;
    expect(nameSpellings(slashed).filter((spelling) => spelling.kind.startsWith('tail'))).toEqual([
      { kind: 'tail', query: 'articles/list' },
      { kind: 'tail-snake', query: 'articles_list' },
      { kind: 'tail-spaced', query: 'articles list' },
      { kind: 'tail-camel', query: 'articlesList' },
      { kind: 'tail-kebab', query: 'articles-list' },
      { kind: 'tail-run-together', query: 'articleslist' },
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
