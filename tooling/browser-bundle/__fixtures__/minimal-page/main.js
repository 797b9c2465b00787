// The smallest page a user writes with @loadout/browser: a worker engine, a catalog in the page, BM25F search.
import { createWorkerEngine } from '@loadout/browser';

const engine = createWorkerEngine(() => new Worker(new URL('@loadout/browser/worker', import.meta.url), { type: 'module' }));
await engine.loadCatalog([
  { name: 'send_email', description: 'Send an email to a recipient with a subject and body' },
  { name: 'create_event', description: 'Create a calendar event' },
  { name: 'search_files', description: 'Search files in a drive by name or content' },
]);
const results = document.getElementById('results');
const query = document.getElementById('query');
const search = async () => {
  const { hits } = await engine.search(query.value, { limit: 3 });
  results.replaceChildren(...hits.map((hit) => Object.assign(document.createElement('li'), { textContent: hit.tool.name })));
  results.dataset.query = query.value;
};
query.addEventListener('input', () => void search());
await search();
