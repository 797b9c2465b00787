import type { CommandEntry } from './command.js';

/**
 * Every sub-command, in the order `--help` lists them. Each entry imports its
 * module lazily, so `loadout --version` and `--help` load no package and a
 * command loads only what it needs (`search` never loads the MCP SDK).
 */
export const allCommands: readonly CommandEntry[] = [
  {
    name: 'demo',
    summary: 'a tour on the embedded demo catalog, no files needed',
    load: async () => (await import('./demo-command.js')).demoCommand,
  },
  {
    name: 'plan',
    summary: 'show which tools are deferred, the tokens per server and the decision trace',
    load: async () => (await import('./plan-command.js')).planCommand,
  },
  {
    name: 'policy',
    summary: 'decide whether tool search is on (JSON in, JSON out)',
    load: async () => (await import('./policy-command.js')).policyCommand,
  },
  {
    name: 'search',
    summary: 'rank tools for a query with a chosen ranker, and explain the scores',
    load: async () => (await import('./search-command.js')).searchCommand,
  },
  {
    name: 'eval',
    summary: 'measure and compare rankers (Recall@5, NDCG@5, MRR@10, latency) on labelled queries or logs',
    load: async () => (await import('./eval-command.js')).evalCommand,
  },
  {
    name: 'rankers',
    summary: 'list every ranker you can choose, with its capabilities and options',
    load: async () => (await import('./rankers-command.js')).rankersCommand,
  },
  {
    name: 'index',
    summary: "prebuild a catalog's BM25F index into one file for a web page (<loadout-search index>)",
    load: async () => (await import('./index-command.js')).indexCommand,
  },
  {
    name: 'learn',
    summary: 'learn ranking from usage logs: import events, compare on held-out ones, switch when it wins',
    load: async () => (await import('./learn-command.js')).learnCommand,
  },
  {
    name: 'serve',
    summary: 'serve many MCP servers behind one search, as an MCP server (stdio or HTTP)',
    load: async () => (await import('./serve-command.js')).serveCommand,
  },
  {
    name: 'catalog',
    summary: 'pull the tools of live MCP servers into a catalog file (catalog pull)',
    load: async () => (await import('./catalog-command.js')).catalogCommand,
  },
  {
    name: 'trust',
    summary: "let this folder's config run code (plugins, rankers, .mjs/.js/.ts configs)",
    load: async () => (await import('./trust-command.js')).trustCommand,
  },
];
