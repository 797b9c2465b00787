// A complete out-of-tree Loadout mod: no imports, just the contract.
// It marks every description with the team's prefix and pins the forecast
// tool upfront (tool search never hides it). Name it in loadout.config.mjs:
// { plugins: ['./team-mods.mjs'] }. A module may also export an array of mods.

/** @type {import('@loadout/core').Mod} */
export default {
  name: 'team-mods',
  hooks: {
    'tool.describe'(event, next) {
      const below = next();
      const description = `[team] ${below.description}`;
      return event.tool.name === 'get_forecast' ? { description, isDeferred: false } : { ...below, description };
    },
  },
};
