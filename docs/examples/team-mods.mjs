// A complete out-of-tree Loadout mod: no imports, just the contract.
// It marks every description with the team's prefix and pins the team's
// most-used tools upfront (tool search never hides them), by their own name:
// create_pull_request is in the embedded demo catalog (`loadout plan` shows
// it pinned), get_forecast in a weather server. Name it in loadout.config.mjs:
// { plugins: ['./team-mods.mjs'] }. A module may also export an array of mods.

const PINNED = new Set(['create_pull_request', 'get_forecast']);

/** @type {import('@loadout/core').Mod} */
export default {
  name: 'team-mods',
  hooks: {
    'tool.describe'(event, next) {
      const below = next();
      const description = `[team] ${below.description}`;
      return PINNED.has(event.tool.name) ? { description, isDeferred: false } : { ...below, description };
    },
  },
};
