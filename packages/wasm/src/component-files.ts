/** The WebAssembly component `pnpm build` writes (`dist/loadout.wasm`): world `loadout:core/loadout`, no imports. */
export const COMPONENT_URL: URL = new URL('./loadout.wasm', import.meta.url);

/** Its WIT package `loadout:core` (`wit/loadout.wit`): the functions, the `index` resource and the `failure` record. */
export const WIT_URL: URL = new URL('../wit/loadout.wit', import.meta.url);
