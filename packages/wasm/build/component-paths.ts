import { fileURLToPath } from 'node:url';

/** The package's folder. */
export const PACKAGE_DIRECTORY = fileURLToPath(new URL('..', import.meta.url));
/** The WIT package `loadout:core`. */
export const WIT_FILE = fileURLToPath(new URL('../wit/loadout.wit', import.meta.url));
/** The component's JavaScript: `src/component/api.ts` with core and BM25F inlined, one ES module. */
export const COMPONENT_SOURCE = fileURLToPath(new URL('../dist/bundle/loadout-api.js', import.meta.url));
/** The component `pnpm build` writes. */
export const COMPONENT_FILE = fileURLToPath(new URL('../dist/loadout.wasm', import.meta.url));
/** Components already built, by hash of their inputs: a rebuild whose bundle did not change skips componentize (a minute or two). */
export const COMPONENT_CACHE = fileURLToPath(new URL('../node_modules/.cache/loadout-wasm/', import.meta.url));
/** The WIT world the component targets. */
export const WORLD_NAME = 'loadout';
