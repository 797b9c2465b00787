// One turn of an OpenAI-compatible Chat Completions gateway with Loadout's tool
// search over the embedded demo catalog (302 tools):
//   OPENAI_API_KEY=... node packages/openai/examples/chat-loop.mjs BASE_URL [plain|tool-reference] [MODEL]
// plain (default) works on any server: the search function is answered with the
// definitions as JSON and the found functions join the next request.
// tool-reference is for gateways with tool search (deferred functions carry
// defer_loading: true, answers are tool_reference blocks); a gateway that rejects
// it is retried in plain mode. Prints the final assistant text; exits 1 on an API error.
import OpenAI from 'openai';
import { createBm25Ranker } from '@loadout/bm25';
import { createDemoCatalog } from '@loadout/demo-catalog';
import { createChatClient, createChatToolSearch } from '@loadout/openai/chat';

const [baseURL, mode = 'plain', model = 'gpt-5.4'] = process.argv.slice(2);
if (baseURL === undefined || baseURL === '--help') {
  console.error('usage: node chat-loop.mjs BASE_URL [plain|tool-reference] [MODEL]   (API key from OPENAI_API_KEY)');
  process.exit(2);
}

try {
  const toolSearch = createChatToolSearch({ catalog: createDemoCatalog(), ranker: createBm25Ranker(), mode });
  const chat = createChatClient({ client: new OpenAI({ baseURL, maxRetries: 0 }), toolSearch, onWarning: (warning) => console.error(warning.message) });
  const result = await chat.run(
    { model, messages: [{ role: 'user', content: 'Create a GitHub issue titled Login fails on Safari' }] },
    { callTool: ({ name }) => ({ ok: true, tool: name, result: 'done' }) },
  );
  console.log(result.text);
} catch (error) {
  console.error(`chat-loop: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
