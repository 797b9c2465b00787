// Build step of apps/cli: the embedded demo catalog's BM25F index, serialized
// with the catalog's fingerprint, so `loadout search` on it skips tokenising
// (see io/demo-search-index.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createBm25Ranker } from '@loadout/bm25';
import { loadCatalog } from '../io/load-catalog.js';
import { demoCatalogFingerprint, DEMO_INDEX_URL } from '../io/demo-search-index.js';

const ranker = createBm25Ranker();
ranker.index((await loadCatalog(undefined, process.cwd())).catalog.tools);
const index = Buffer.from(ranker.serialize()).toString('base64');
writeFileSync(DEMO_INDEX_URL, `${JSON.stringify({ fingerprint: demoCatalogFingerprint(), index })}\n`);
process.stdout.write(`${fileURLToPath(DEMO_INDEX_URL)}: BM25F index of ${ranker.size} tools\n`);
