// Entry of `pnpm parity` (run with `--conditions=development`, so `@loadout/*` load from their TypeScript sources).

await import('./run-parity.js');
