import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StdioUpstreamConfig } from '../config/mcp-config.js';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

/** The bin script of an installed reference server package, run with this Node (no npx, no network). */
export function referenceServerScript(name: 'server-everything' | 'server-memory' | 'server-filesystem'): string {
  const packageJson = require.resolve(`@modelcontextprotocol/${name}/package.json`);
  const bin = (require(packageJson) as { bin: Record<string, string> }).bin;
  return join(dirname(packageJson), Object.values(bin)[0]!);
}

/** A stdio upstream entry running `script` with this Node. */
export function nodeUpstream(script: string, args: readonly string[] = [], env: Record<string, string> = {}, alwaysLoad = false): StdioUpstreamConfig {
  return { type: 'stdio', command: process.execPath, args: [script, ...args], env, alwaysLoad };
}

/** Path of the misbehaving server fixture. */
export const MISBEHAVING_SERVER = join(here, 'misbehaving-server.mjs');

/** Path of a server that answers initialize and tools/list, then exits with code 3 on a tools/call (argument `list`: on tools/list). */
export const EXIT_ON_CALL_SERVER = join(here, 'exit-on-call-server.mjs');

/** A fresh temporary folder and a function removing it. */
export function temporaryFolder(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `loadout-mcp-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Resolves once `check` returns true (polled every 25 ms), or rejects after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Whether a process with this id is still running (signal 0 probes without killing). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
