/** Where the built CLI keeps the plug-in guides (`write-a-ranker.md`, `write-a-mod.md`, their examples): dist/docs/, copied there by the build. */
export const PLUG_IN_DOCS_URL = new URL('../docs/', import.meta.url);
