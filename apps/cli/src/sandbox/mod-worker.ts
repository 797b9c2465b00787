// The worker thread of a configuration's mod plug-in file (see sandboxed-mods.ts):
// it imports the file from the bytes the main thread checked, and answers one
// `tool.describe` at a time, over the synchronous channel of mod-channel.ts.
// Nothing here is trusted by the main thread: its core checks every answer as
// it checks an in-process mod's.
import './stdout-to-stderr.js';
import { workerData } from 'node:worker_threads';
import type { ToolDescribeEvent, ToolDescribeHook, ToolDescribeResult } from '@loadout/core';
import { isLoadoutError } from '@loadout/core';
import { describeLoadFailure, loadFailure } from '../config/load-failure.js';
import { importChecked } from './import-checked.js';
import { MAIN_POSTED, WORKER_POSTED, post, receive } from './mod-channel.js';
import { modSummaries } from './mod-report.js';
import type { ModChannel, ModMessage } from './mod-channel.js';
import type { ModWorkerData } from './spawn-mod-worker.js';

const { module, flags, port } = workerData as ModWorkerData;
const channel: ModChannel = { flags, port };
const hooks = new Map<string, ToolDescribeHook>();

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * `next` of a hook: asks the main thread for the layers beneath, and blocks
 * until it answers (no plug-in code of this file runs there, but another of
 * its mods may be beneath: the main thread then asks for it on this channel,
 * and it is answered here first).
 */
function next(event?: ToolDescribeEvent): ToolDescribeResult {
  post(channel, WORKER_POSTED, { type: 'next', event });
  for (;;) {
    const reply = receive(channel, MAIN_POSTED, Infinity);
    if (reply?.type === 'describe') {
      answer(reply);
      continue;
    }
    if (reply?.type === 'error') throw new Error(reply.message);
    if (reply?.type !== 'answer') throw new Error('the main thread did not answer next()');
    return reply.value as ToolDescribeResult;
  }
}

function answer(request: Extract<ModMessage, { type: 'describe' }>): void {
  const hook = hooks.get(request.mod);
  if (hook === undefined) return post(channel, WORKER_POSTED, { type: 'error', message: `no mod named ${JSON.stringify(request.mod)} in ${module.file}` });
  let value: unknown;
  try {
    value = hook(request.event as ToolDescribeEvent, next);
  } catch (error) {
    return post(channel, WORKER_POSTED, { type: 'error', message: message(error) });
  }
  if (typeof (value as { then?: unknown } | null)?.then === 'function') {
    // A promise cannot cross to the main thread, which renders the prompt synchronously.
    return post(channel, WORKER_POSTED, { type: 'error', message: `hook "tool.describe" of mod ${JSON.stringify(request.mod)} returned a Promise (is it async?): mod hooks must be synchronous` });
  }
  try {
    post(channel, WORKER_POSTED, { type: 'answer', value });
  } catch (error) {
    // An answer that cannot be copied (a function, a promise) is not a result.
    post(channel, WORKER_POSTED, { type: 'error', message: `returned a value that cannot leave its worker: ${message(error)}` });
  }
}

// The file is imported once, when the config is read (see mod-file-worker.ts): its mods are checked here and reported.
try {
  const value = await importChecked(module, 'mod file');
  const summaries = modSummaries(value);
  if (!summaries.ok) {
    const { failure } = summaries;
    post(channel, WORKER_POSTED, { type: 'error', message: failure.kind === 'invalid' ? failure.message : `${module.file} has no default export`, failure });
  } else {
    for (const mod of Array.isArray(value) ? value : [value]) {
      const hook = (mod as { hooks?: { 'tool.describe'?: unknown } } | null)?.hooks?.['tool.describe'];
      if (typeof hook === 'function') hooks.set((mod as { name: string }).name, hook as ToolDescribeHook);
    }
    port.on('message', (request: ModMessage) => {
      if (request.type === 'describe') answer(request);
    });
    post(channel, WORKER_POSTED, { type: 'ready', mods: summaries.mods });
  }
} catch (error) {
  if (isLoadoutError(error) && error.code === 'config-untrusted') post(channel, WORKER_POSTED, { type: 'error', message: error.message, code: 'config-untrusted' });
  else {
    // One line naming the file: a syntax error's FILE:LINE:COLUMN, a throw's first line (never a stack).
    const failure = loadFailure(error, module.file);
    const message = describeLoadFailure(failure, module.file);
    post(channel, WORKER_POSTED, { type: 'error', message, failure: { kind: 'import', esmInCommonJs: failure.kind === 'esm-in-commonjs', message } });
  }
}
