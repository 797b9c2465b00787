/** The WebAssembly component `pnpm build` writes (`dist/loadout.wasm`): world `loadout:core/loadout`, no imports. */
export const COMPONENT_URL: URL = new URL('./loadout.wasm', import.meta.url);

/** Its WIT package `loadout:core` (`wit/loadout.wit`): the functions, the `index` resource and the `failure` record. */
export const WIT_URL: URL = new URL('../wit/loadout.wit', import.meta.url);

/**
 * The same API as one self-contained ES module (`dist/bundle/loadout-api.js`,
 * also exported as `@loadout/wasm/loadout-api.js`; export `api`), for
 * JavaScript engines without component support such as QuickJS
 * (quickjs-emscripten): evaluate its text as a module and call `api.decide`,
 * `api.plan` and `api.Index`. Failures are thrown as `{ code, message, json }`.
 */
export const QUICKJS_BUNDLE_URL: URL = new URL('./bundle/loadout-api.js', import.meta.url);
