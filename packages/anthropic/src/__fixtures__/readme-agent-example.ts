import { query } from '@anthropic-ai/claude-agent-sdk';
import { createBm25Ranker } from '@loadout/bm25';
import { createCatalog } from '@loadout/core';
import { createLoadoutSearchServer, mcpServersWithAlwaysLoad, toolSearchEnv } from '@loadout/anthropic/agent';

// The tools Loadout's search_tools ranks; in practice every tool of your servers.
const catalog = createCatalog([
  { name: 'read_text_file', server: 'files', description: 'Read the complete contents of a file as text.' },
  { name: 'create_entities', server: 'memory', description: 'Create entities in the knowledge graph.' },
]);

const { mcpServers, warnings } = mcpServersWithAlwaysLoad(
  {
    files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '.'] },
    memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
  },
  { alwaysLoad: ['files'], mods: [{ plugin: 'defer-memory', rules: [{ server: 'memory', isDeferred: true }] }] },
);
for (const warning of warnings) console.warn(warning.message);

for await (const message of query({
  prompt: 'Which files are in this folder?',
  options: {
    env: toolSearchEnv({ mode: 'auto', percent: 5 }), // process.env plus ENABLE_TOOL_SEARCH=auto:5
    mcpServers: { ...mcpServers, loadout: createLoadoutSearchServer({ catalog, ranker: createBm25Ranker() }) },
    maxTurns: 3,
  },
})) {
  if (message.type === 'result') console.log(message);
}
