import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumLaunchOptions } from './chromium-launch.js';

describe('chromiumLaunchOptions', () => {
  it('launches the Chromium that ensure-chromium.sh installs', () => {
    const script = readFileSync(new URL('./ensure-chromium.sh', import.meta.url), 'utf8');
    expect(script).toContain(`[ -x ${CHROMIUM_PATH} ]`);
    expect(chromiumLaunchOptions().executablePath).toBe(CHROMIUM_PATH);
  });

  it('keeps the browser off the network, and hands out a copy of the arguments', () => {
    expect(CHROMIUM_ARGS).toEqual(expect.arrayContaining(['--disable-background-networking', '--disable-component-update', '--disable-sync']));
    const options = chromiumLaunchOptions();
    options.args.push('--changed');
    expect(chromiumLaunchOptions().args).toEqual([...CHROMIUM_ARGS]);
  });
});
