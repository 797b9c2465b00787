// One generateText run of the Vercel AI SDK with Loadout's tool search over the
// embedded demo catalog (302 tools), on any OpenAI-compatible server:
//   OPENAI_API_KEY=... node packages/ai-sdk/examples/generate-text.mjs BASE_URL [MODEL]
// The model sees the search tool and the upfront tools; prepareStep activates the
// tools each search found. Catalog tools answer with a fixed JSON result. Prints
// the active tools of every step (stderr) and the final text; exits 1 on an API error.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createBm25Ranker } from '@loadout/bm25';
import { createDemoCatalog } from '@loadout/demo-catalog';
import { createAiSdkToolSearch } from '@loadout/ai-sdk';
import { generateText, stepCountIs } from 'ai';

const [baseURL, model = 'gpt-5.4'] = process.argv.slice(2);
if (baseURL === undefined || baseURL === '--help') {
  console.error('usage: node generate-text.mjs BASE_URL [MODEL]   (API key from OPENAI_API_KEY)');
  process.exit(2);
}

try {
  const provider = createOpenAICompatible({ name: 'gateway', baseURL, apiKey: process.env.OPENAI_API_KEY });
  const search = createAiSdkToolSearch({
    catalog: createDemoCatalog(),
    ranker: createBm25Ranker(),
    execute: ({ name }) => ({ ok: true, tool: name, result: 'done' }),
  });
  const result = await generateText({
    model: provider.chatModel(model),
    tools: search.tools,
    prepareStep: (step) => {
      const prepared = search.prepareStep(step);
      console.error(`step ${step.stepNumber}: ${prepared.activeTools.length} active tools`);
      return prepared;
    },
    stopWhen: stepCountIs(8),
    maxRetries: 0,
    prompt: 'Create a GitHub issue titled Login fails on Safari',
  });
  console.log(result.text);
} catch (error) {
  console.error(`generate-text: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
