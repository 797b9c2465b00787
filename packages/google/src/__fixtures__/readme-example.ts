// What the README's loop takes as given (your key and tools); the example itself follows the marker line. Type-checked (tsc), never run.
import type { ToolInput } from '@loadout/core';

const apiKey = 'your-key';
const myTools: ToolInput[] = [{ name: 'create_issue', server: 'github', description: 'Create an issue in a GitHub repository.' }];
// README example:
import { GoogleGenAI } from '@google/genai';
import { createBm25Ranker } from '@loadout/bm25';
import { createGeminiClient, createGeminiToolSearch } from '@loadout/google';

// What each tool does, by the tool's own name: a call's `name` is the API name (mcp__github__create_issue), `tool.name` the tool's.
const myHandlers: Record<string, (args: Record<string, unknown>) => unknown> = {
  create_issue: (args) => ({ url: 'https://github.com/acme/web/issues/1', title: args['title'] }),
};

const toolSearch = createGeminiToolSearch({ tools: myTools, ranker: createBm25Ranker() });
const gemini = createGeminiClient({ client: new GoogleGenAI({ apiKey }), toolSearch, onWarning: (warning) => console.warn(warning.message) });
const result = await gemini.run(
  { model: 'gemini-2.5-flash', contents: 'Create a GitHub issue titled Login fails on Safari' },
  { callTool: async ({ arguments: args, tool }) => myHandlers[tool?.name ?? '']?.(args) ?? { error: 'unknown tool' } },
);
console.log(result.text, result.loaded);
