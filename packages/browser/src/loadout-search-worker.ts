/** The engine worker of `<loadout-search>`'s ES module build: `@loadout/browser/worker` under the file name the element starts. */
import './worker-entry.js';
