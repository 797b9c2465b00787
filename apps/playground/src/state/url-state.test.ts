import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultPlaygroundState } from './playground-state.js';
import type { PlaygroundState } from './playground-state.js';
import { MAX_SHARED_PASTE, readSharedState, readStateFromSearch, writeStateToSearch } from './url-state.js';

function sample(): PlaygroundState {
  return {
    catalog: 'large',
    pasted: '',
    fileName: '',
    ranker: 'hybrid',
    query: 'refund the customer & send a receipt?',
    policy: {
      enableToolSearch: 'auto:25',
      model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      provider: 'bedrock',
      sdkVersion: '2.1.0',
      baseUrl: 'https://gateway.example.com/v1?x=1',
      disableBetas: '1',
      hipaa: true,
      contextWindow: '1,000,000',
      keepToolSearchOn: true,
      toolSearchActivated: true,
    },
    mods: [
      { action: 'pin', server: 'github', tool: 'create_*' },
      { action: 'defer', server: '', tool: 'a:b?' },
    ],
  };
}

describe('URL state', () => {
  it('leaves a default state out of the URL entirely', () => {
    expect(writeStateToSearch(defaultPlaygroundState())).toBe('');
    expect(readStateFromSearch('')).toEqual(defaultPlaygroundState());
  });

  it('round-trips every field, mods with colons in their globs included', () => {
    const state = sample();
    const search = writeStateToSearch(state);
    expect(readStateFromSearch(search)).toEqual(state);
    expect(readStateFromSearch(`?${search}`)).toEqual(state);
  });

  it('round-trips arbitrary queries, models and rules', () => {
    const rule = fc.record({ action: fc.constantFrom('defer' as const, 'pin' as const), server: fc.string().filter((text) => !text.includes(':')), tool: fc.string() });
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.array(rule, { maxLength: 4 }), (query, model, mods) => {
        const state = { ...defaultPlaygroundState(), query, mods };
        state.policy.model = model;
        expect(readStateFromSearch(writeStateToSearch(state))).toEqual(state);
      }),
    );
  });

  it('shares a small pasted catalog but only names a large one', () => {
    const small = { ...defaultPlaygroundState(), catalog: 'pasted' as const, pasted: '[{"name":"a"}]' };
    expect(readStateFromSearch(writeStateToSearch(small)).pasted).toBe('[{"name":"a"}]');
    const large = { ...small, pasted: 'x'.repeat(MAX_SHARED_PASTE + 1) };
    const restored = readStateFromSearch(writeStateToSearch(large));
    expect(restored.catalog).toBe('pasted');
    expect(restored.pasted).toBe('');
  });

  it('never shares a file, only its name', () => {
    const state = { ...defaultPlaygroundState(), catalog: 'file' as const, fileName: 'tools.json', pasted: 'ignored' };
    const params = new URLSearchParams(writeStateToSearch(state));
    expect(params.get('file')).toBe('tools.json');
    expect(params.has('paste')).toBe(false);
  });

  it('falls back to defaults for unknown catalogs, rankers, providers and malformed rules', () => {
    const state = readStateFromSearch('catalog=everything&ranker=Magic%20ranker!&provider=azure&mod=delete:x:y&mod=pin-only&mod=defer::*');
    expect(state.catalog).toBe('demo');
    expect(state.ranker).toBe('bm25f');
    expect(state.policy.provider).toBe('anthropic');
    expect(state.mods).toEqual([{ action: 'defer', server: '', tool: '*' }]);
  });

  it('names every value it did not use, and why', () => {
    const { state, ignored } = readSharedState('catalog=nope&ranker=Bogus!&q=send&mod=garbage&mod=pin:github:create_*&provider=azure&hipaa=true&rnaker=hybrid');
    expect(state.query).toBe('send');
    expect(state.mods).toEqual([{ action: 'pin', server: 'github', tool: 'create_*' }]);
    expect(ignored).toEqual([
      { key: 'catalog', value: 'nope', reason: 'not a catalog choice (demo, large, pasted, file)' },
      { key: 'ranker', value: 'Bogus!', reason: 'not a ranker name' },
      { key: 'mod', value: 'garbage', reason: 'not a rule (defer or pin:server:tool glob)' },
      { key: 'provider', value: 'azure', reason: expect.stringMatching(/^not a provider \(anthropic, .*bedrock/) },
      { key: 'hipaa', value: 'true', reason: '1 turns it on; anything else leaves it off' },
      { key: 'rnaker', value: 'hybrid', reason: 'not a setting of this page' },
    ]);
  });

  it('ignores nothing in a link it wrote', () => {
    expect(readSharedState(writeStateToSearch(sample())).ignored).toEqual([]);
    expect(readSharedState('').ignored).toEqual([]);
  });
});
