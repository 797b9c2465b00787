import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createBm25Ranker } from '@loadout/bm25';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';
import { loadCatalog } from './load-catalog.js';
import { recordTokenCounts } from './shared-token-counter.js';
import { decodeKnownTokenCounts } from './known-token-counts.js';
import { demoCatalogFingerprint } from './demo-search-index.js';

// The build's start-up caches (dist/demo-token-counts.ldtc, dist/demo-bm25f-index.json)
// must equal what the real tokenizer and a fresh index give today.

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

describe.runIf(existsSync(`${dist}demo-token-counts.ldtc`))('the built token table of the demo catalog', () => {
  it('holds exactly the tokenizer counts of every text demo and plan count', async () => {
    const fresh = await recordTokenCounts(async () => {
      expect(await runCli(['demo'], fakeContext().context)).toBe(0);
      expect(await runCli(['plan', '--clean-env'], fakeContext().context)).toBe(0);
    });
    const built = decodeKnownTokenCounts(readFileSync(`${dist}demo-token-counts.ldtc`));
    expect(built.counterId).toBe(fresh.counterId);
    expect(Object.fromEntries(built.counts)).toEqual(fresh.counts);
  });
});

describe.runIf(existsSync(`${dist}demo-bm25f-index.json`))('the built BM25F index of the demo catalog', () => {
  it('is for this catalog and ranks exactly like a fresh index', async () => {
    const saved = JSON.parse(readFileSync(`${dist}demo-bm25f-index.json`, 'utf8')) as { fingerprint: string; index: string };
    expect(saved.fingerprint).toBe(demoCatalogFingerprint());
    const { tools } = (await loadCatalog(undefined, process.cwd())).catalog;
    const fresh = createBm25Ranker();
    fresh.index(tools);
    const loaded = createBm25Ranker();
    loaded.load(Buffer.from(saved.index, 'base64'), tools);
    for (const query of ['create a github issue', 'send a slack message then open a jira ticket', 'refund a payment']) {
      const names = (ranker: typeof fresh) => ranker.search(query, { limit: 10 }).map((hit) => [hit.tool.displayName, hit.score]);
      expect(names(loaded)).toEqual(names(fresh));
    }
  });
});
