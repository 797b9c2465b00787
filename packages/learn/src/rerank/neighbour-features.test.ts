import { describe, expect, it } from 'vitest';
import { makeTool } from '@loadout/core/test';
import type { UsageEvent } from '@loadout/core';
import { createBm25Ranker } from '@loadout/bm25';
import { createUsageField } from '@loadout/bm25';
import { createRerankRanker, extractRerankCandidates } from './create-rerank-ranker.js';
import { rerankFeatureList } from './feature-lists.js';
import { NEIGHBOUR_FEATURES, NEIGHBOURS } from './neighbour-features.js';
import { compileRerankModel } from './rerank-model.js';
import type { RerankModel } from './rerank-model.js';
import { RERANK_FEATURES } from './rerank-features.js';
import { SIBLING_FEATURES } from './sibling-features.js';

// Two naming conventions: REST-style `API::Endpoint` tools on servers, and snake_case functions without one.
const tools = [
  makeTool({ name: 'Weather API::Get Forecast', server: 'Weather API', description: 'Weather forecast for a city' }),
  makeTool({ name: 'Weather API::Get Alerts', server: 'Weather API', description: 'Severe weather alerts' }),
  makeTool({ name: 'Stocks API::Get Quote', server: 'Stocks API', description: 'Latest stock quote' }),
  makeTool({ name: 'get_weather_forecast', server: null, description: 'Weather forecast for a city' }),
  makeTool({ name: 'get_stock_quote', server: null, description: 'Latest stock quote' }),
];

const WIDTH = rerankFeatureList({ neighbours: true }).length;
const AT = RERANK_FEATURES.length;

function firstStage(events: readonly UsageEvent[]): ReturnType<typeof createBm25Ranker> {
  const ranker = createBm25Ranker(events.length === 0 ? {} : { usage: createUsageField(events).text });
  ranker.index(tools);
  return ranker;
}

function nameForm(events: readonly UsageEvent[], query: string): Map<string, number> {
  const found = extractRerankCandidates(firstStage(events), query, 50, undefined, { neighbours: true });
  expect(found.features).toHaveLength(found.tools.length * WIDTH);
  return new Map(found.tools.map((tool, row) => [tool.name, found.features[row * WIDTH + AT]!]));
}

describe('NEIGHBOUR_FEATURES', () => {
  it('credit the tools named like those the nearest past searches called, called or not', () => {
    const events = [
      { query: 'weather forecast for Paris this weekend', called: ['Weather API::Get Forecast'] },
      { query: 'any storm alerts near Lyon', called: ['Weather API::Get Alerts'] },
    ];
    const shares = nameForm(events, 'weather forecast for Rome tomorrow');
    expect(shares.get('Weather API::Get Forecast')).toBeCloseTo(1, 12);
    // Never called, but named like the tools that were.
    expect(shares.get('Weather API::Get Alerts')).toBeCloseTo(1, 12);
    expect(shares.get('get_weather_forecast')).toBe(0);
  });

  it('weigh each neighbour by its similarity to the query', () => {
    const events = [
      { query: 'weather forecast for Paris', called: ['Weather API::Get Forecast'] },
      { query: 'forecast', called: ['get_weather_forecast'] },
    ];
    const shares = nameForm(events, 'weather forecast for Rome');
    expect(shares.get('Weather API::Get Forecast')! + shares.get('get_weather_forecast')!).toBeCloseTo(1, 12);
    expect(shares.get('Weather API::Get Forecast')!).toBeGreaterThan(shares.get('get_weather_forecast')!);
    expect(shares.get('get_weather_forecast')!).toBeGreaterThan(0);
  });

  it(`let only the ${NEIGHBOURS} nearest past searches vote`, () => {
    const events = [
      ...Array.from({ length: NEIGHBOURS }, (_, index) => ({ query: `stock quote for ticker ${index}`, called: ['Stocks API::Get Quote'] })),
      // Less similar than each of those: it shares one of the query's words among many of its own.
      { query: 'stock market history chart with trend lines and trading volume', called: ['get_stock_quote'] },
    ];
    const shares = nameForm(events, 'stock quote');
    expect(shares.get('Stocks API::Get Quote')).toBeCloseTo(1, 12);
    expect(shares.get('get_stock_quote')).toBe(0);
  });

  it('are 0 without a usage field, or without a past search sharing a word with the query', () => {
    for (const value of nameForm([], 'weather forecast').values()) expect(value).toBe(0);
    for (const value of nameForm([{ query: 'stock quote', called: ['get_stock_quote'] }], 'weather forecast').values()) expect(value).toBe(0);
  });

  it('give every query what a fresh extraction gives, whatever ran before (buffers are reused)', () => {
    const events = [
      { query: 'weather forecast for Paris', called: ['Weather API::Get Forecast'] },
      { query: 'stock quote for ACME', called: ['get_stock_quote'] },
    ];
    const fresh = nameForm(events, 'stock quote');
    const reused = firstStage(events);
    extractRerankCandidates(reused, 'a long question about the weather forecast alerts and storms in Paris and Lyon this weekend, then the stock quote', 50, undefined, { neighbours: true });
    const found = extractRerankCandidates(reused, 'stock quote', 50, undefined, { neighbours: true });
    expect(new Map(found.tools.map((tool, row) => [tool.name, found.features[row * WIDTH + AT]!]))).toEqual(fresh);
  });

  it('keep the lexical features, and come before the sibling features', () => {
    const ranker = firstStage([{ query: 'weather forecast', called: ['get_weather_forecast'] }]);
    const plain = extractRerankCandidates(ranker, 'weather forecast please', 50);
    const wide = extractRerankCandidates(ranker, 'weather forecast please', 50, undefined, { neighbours: true, siblings: true });
    const siblings = extractRerankCandidates(ranker, 'weather forecast please', 50, undefined, { siblings: true });
    const W = WIDTH + SIBLING_FEATURES.length;
    for (let row = 0; row < plain.tools.length; row++) {
      expect(Array.from(wide.features.subarray(row * W, row * W + AT))).toEqual(Array.from(plain.features.subarray(row * AT, (row + 1) * AT)));
      expect(Array.from(wide.features.subarray(row * W + WIDTH, (row + 1) * W))).toEqual(Array.from(siblings.features.subarray(row * (W - 1) + AT, (row + 1) * (W - 1))));
    }
  });

  it('are read by a model over them, which re-ranks toward the neighbours’ naming', () => {
    const features = rerankFeatureList({ neighbours: true });
    const model: RerankModel = {
      format: 'loadout-rerank-v1',
      kind: 'linear',
      features: [...features],
      mean: features.map(() => 0),
      scale: features.map(() => 1),
      linear: features.map((name) => (name === 'firstStage' ? 1 : name === NEIGHBOUR_FEATURES[0] ? 5 : 0)),
    };
    expect(compileRerankModel(model).neighbours).toBe(true);
    const usage = createUsageField([{ query: 'severe weather alerts', called: ['Weather API::Get Alerts'] }]).text;
    const ranker = createRerankRanker({ model, bm25: { usage } });
    ranker.index(tools);
    const hits = ranker.search('weather forecast for a city', { limit: 2, explain: true });
    expect(hits[0]!.tool.name).toBe('Weather API::Get Forecast');
    expect(hits[0]!.explanation?.components[`feature.${NEIGHBOUR_FEATURES[0]!}`]).toBe(5);
  });
});
