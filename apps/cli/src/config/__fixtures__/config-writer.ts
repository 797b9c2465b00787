import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes each case in a new folder below `root`: its `files` and a
 * `loadout.config.json` holding `config`; returns the config's path.
 */
export function configWriter(root: string): (config: Record<string, unknown>, files: Record<string, string>) => string {
  let count = 0;
  return (config, files) => {
    const folder = join(root, `case-${count++}`);
    mkdirSync(folder, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    writeFileSync(join(folder, 'loadout.config.json'), JSON.stringify(config));
    return join(folder, 'loadout.config.json');
  };
}
