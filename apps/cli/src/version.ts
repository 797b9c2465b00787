/** The `loadout` version `--version` prints; equal to apps/cli/package.json's (a test checks). */
export const CLI_VERSION = '0.1.0';
