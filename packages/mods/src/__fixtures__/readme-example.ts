import { createModHost, definePlugin, pinMostUsed } from '../index.js';

// Call counts from your team's logs, keyed by display name (or bare tool name).
const usage = {
  mcp__github__create_issue: 412,
  mcp__github__get_pull_request: 380,
  mcp__github__search_code: 291,
  mcp__github__list_commits: 12,
};

// The ready-made plugin: the three most-used GitHub tools stay loaded.
export const pinTeamGithub = pinMostUsed('pin-team-github', { usage, server: 'github', top: 3 });

// The same plugin written by hand.
const topThree = new Set(
  Object.entries(usage)
    .filter(([displayName]) => displayName.startsWith('mcp__github__'))
    .sort(([, left], [, right]) => right - left)
    .slice(0, 3)
    .map(([displayName]) => displayName),
);

export const pinTeamGithubByHand = definePlugin({
  name: 'pin-team-github-by-hand',
  hooks: {
    'tool.describe': (event, next) => {
      const beneath = next(); // the answer of the mods registered before this one
      return topThree.has(event.tool.displayName) ? { ...beneath, isDeferred: false } : beneath;
    },
  },
});

// One host per session; pass it wherever a ToolResolver is expected.
export const host = createModHost({
  plugins: [pinTeamGithub],
  onFailure: (failure) => console.warn(`mod ${failure.mod} failed on ${failure.tool}: ${failure.message}`),
});
