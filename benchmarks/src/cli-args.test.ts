import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './cli-args.js';

describe('parseBenchArgs', () => {
  it('runs every part by default', () => {
    expect(parseBenchArgs([])).toEqual({ parts: ['quality', 'names', 'learning', 'rerank', 'speed', 'plan', 'throughput', 'soak', 'startup', 'serve-startup', 'fuzz', 'browser', 'wasm', 'replicas'], only: false, help: false });
  });

  it('reads --only, --data, --sets and --rankers, ignoring a pnpm "--"', () => {
    expect(parseBenchArgs(['--', '--only', 'quality', '--data', '/d', '--sets', 'mix10k, sealtools', '--rankers=bm25f'])).toEqual({
      parts: ['quality'],
      dataDir: '/d',
      sets: ['mix10k', 'sealtools'],
      rankers: ['bm25f'],
      only: true,
      help: false,
    });
    expect(parseBenchArgs(['--only', 'speed,plan']).parts).toEqual(['speed', 'plan']);
    expect(parseBenchArgs(['--only', 'gateway'])).toMatchObject({ parts: ['throughput', 'soak'], only: true });
  });

  it('rejects an unknown part or flag', () => {
    expect(() => parseBenchArgs(['--only', 'latency'])).toThrow(/unknown part "latency".*quality, names, learning, rerank, speed, plan/);
    expect(() => parseBenchArgs(['--fast'])).toThrow();
  });
});
