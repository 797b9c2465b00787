import { describe, expect, it } from 'vitest';
import { makeTool } from '@loadout/core/test';
import { createBm25Ranker } from '@loadout/bm25';
import { readFirstStage } from '@loadout/bm25/first-stage';
import { createUsageField } from '@loadout/bm25';
import { nameForm } from './name-form.js';
import { buildPastSearches } from './past-searches.js';

const tools = [
  makeTool({ name: 'Weather API::Get Forecast', server: 'Weather API', description: 'Weather forecast' }),
  makeTool({ name: 'get_weather_forecast', server: null, description: 'Weather forecast' }),
  makeTool({ name: 'send_email', server: 'mail', description: 'Send an email' }),
];

function pastSearches(events: readonly { query: string; called: string[] }[]) {
  const ranker = createBm25Ranker(events.length === 0 ? {} : { usage: createUsageField(events).text });
  ranker.index(tools);
  const index = readFirstStage(ranker)!;
  return { past: buildPastSearches(index), index };
}

describe('buildPastSearches', () => {
  it('makes each distinct line of the usage field (case and spacing aside) one search, with the name forms of every tool it called', () => {
    const { past } = pastSearches([
      { query: 'weather forecast for Paris', called: ['Weather API::Get Forecast', 'get_weather_forecast'] },
      { query: 'mail the report to Bob', called: ['send_email'] },
      // The same search in other case and spacing, after another tool.
      { query: 'Mail the  report to bob', called: ['get_weather_forecast'] },
    ]);
    expect(past.count).toBe(2);
    const forms = Array.from({ length: past.count }, (_, search) => [...past.forms.subarray(past.formStart[search]!, past.formStart[search + 1]!)].sort());
    expect(forms).toContainEqual([nameForm(tools[0]!), nameForm(tools[1]!)].sort());
    expect(forms).toContainEqual([nameForm(tools[2]!), nameForm(tools[1]!)].sort());
    expect(Array.from(past.docForm)).toEqual(tools.map(nameForm));
  });

  it('stores unit-length tf-idf vectors by term, idf over the searches, 0 for a term in none', () => {
    const { past, index } = pastSearches([
      { query: 'weather forecast for Paris', called: ['get_weather_forecast'] },
      { query: 'weather in Rome', called: ['Weather API::Get Forecast'] },
    ]);
    const id = (term: string): number => index.dictionary.ids.get(term)!;
    expect(past.idf[id('weather')]).toBeCloseTo(Math.log(2), 12);
    expect(past.idf[id('paris')]).toBeCloseTo(Math.log(3), 12);
    expect(past.idf[id('send')]).toBe(0);
    const norms = new Float64Array(past.count);
    for (let at = 0; at < past.searches.length; at++) norms[past.searches[at]!]! += past.weights[at]! ** 2;
    for (const norm of norms) expect(norm).toBeCloseTo(1, 12);
  });

  it('has no search without a usage field', () => {
    const { past } = pastSearches([]);
    expect(past.count).toBe(0);
    expect(past.searches).toHaveLength(0);
  });
});
