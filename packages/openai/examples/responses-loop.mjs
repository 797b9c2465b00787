// One turn of the OpenAI Responses API with Loadout's client-executed tool search
// over the embedded demo catalog (302 tools):
//   OPENAI_API_KEY=... node packages/openai/examples/responses-loop.mjs BASE_URL [MODEL]
// BASE_URL is an OpenAI-compatible server, e.g. https://api.openai.com/v1.
// Every tool_search_call is answered with a tool_search_output; every function
// call with a fixed JSON result. Prints the final assistant text; exits 1 on an
// API error, 2 on bad usage.
import OpenAI from 'openai';
import { createBm25Ranker } from '@loadout/bm25';
import { createDemoCatalog } from '@loadout/demo-catalog';
import { createResponsesClient, createResponsesToolSearch } from '@loadout/openai';

const [baseURL, model = 'gpt-5.4'] = process.argv.slice(2);
if (baseURL === undefined || baseURL === '--help') {
  console.error('usage: node responses-loop.mjs BASE_URL [MODEL]   (API key from OPENAI_API_KEY)');
  process.exit(2);
}

try {
  const client = new OpenAI({ baseURL, maxRetries: 0 });
  const toolSearch = createResponsesToolSearch({ catalog: createDemoCatalog(), ranker: createBm25Ranker() });
  const responses = createResponsesClient({ client, toolSearch, onWarning: (warning) => console.error(warning.message) });
  const result = await responses.run(
    { model, input: 'Create a GitHub issue titled Login fails on Safari' },
    { callTool: ({ name }) => ({ ok: true, tool: name, result: 'done' }) },
  );
  console.log(result.text);
} catch (error) {
  console.error(`responses-loop: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
