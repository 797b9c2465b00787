import { describe, expect, it } from 'vitest';
import { describeMiss } from './comparison-view.js';

describe('describeMiss', () => {
  const miss = { id: 'q:1', query: 'storm warning', relevant: ['get_forecast', 'get_alerts', 'get_radar'] };
  it('names what came first, and the expected tools the top 5 lacks when the first was expected', () => {
    expect(describeMiss({ ...miss, got: ['post_message', 'get_forecast'] })).toBe('expected get_forecast, get_alerts, get_radar; first: post_message');
    expect(describeMiss({ ...miss, got: ['get_forecast', 'post_message', 'get_radar'] })).toBe('expected get_forecast, get_alerts, get_radar; first: get_forecast, missed get_alerts');
    expect(describeMiss({ ...miss, got: [] })).toBe('expected get_forecast, get_alerts, get_radar; first: nothing');
  });
});
