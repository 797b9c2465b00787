import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadoutError } from '@loadout/core';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';
import type { InterruptSignals } from '../io/say-when-interrupted.js';
import { createLearnCommand } from './learn-command.js';

// What learn FILE says when it stops after importing: interrupted (Ctrl-C), or a decision it cannot write.
const unwritable = vi.hoisted(() => ({ on: false }));
vi.mock('../io/open-feedback-store.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../io/open-feedback-store.js')>();
  return {
    ...original,
    openFeedbackStore: async (...args: Parameters<typeof original.openFeedbackStore>) => {
      const store = await original.openFeedbackStore(...args);
      if (!unwritable.on) return store;
      // As a learned.json made immutable (chattr +i) fails the write, after the events were appended.
      return { ...store, writeDecision: () => Promise.reject(createLoadoutError('file-unwritable', `cannot write ${store.decisionLocation}: EPERM`, { path: store.decisionLocation })) };
    },
  };
});

let dir: string;
const store = (): string => join(dir, '.loadout', 'feedback.jsonl');
const decision = (): string => join(dir, '.loadout', 'learned.json');
const things = ['summary', 'notes', 'list', 'answer', 'log', 'plan', 'draft', 'letter', 'table', 'chart', 'quote', 'poem', 'essay', 'memo', 'idea', 'outline', 'agenda', 'invoice'];
const log = [...things, ...things.map((thing) => `${thing} again`)].map((thing) => JSON.stringify({ query: `keep the ${thing} for later`, called: 'write_file' }));

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadout-learn-interrupted-'));
  await writeFile(join(dir, 'tools.json'), JSON.stringify([{ name: 'write_file', server: 'fs', description: 'Write text to disk' }, { name: 'keep_alive', server: 'net', description: 'Keep a connection open' }]));
  await writeFile(join(dir, 'events.jsonl'), `${log.join('\n')}\n`);
});
afterEach(async () => {
  unwritable.on = false;
  await rm(dir, { recursive: true, force: true });
});

describe('learn FILE stopped after the import', () => {
  it('Ctrl-C while learning says the events were imported and the decision is unchanged, and exits 130', async () => {
    const exits: number[] = [];
    const listening: string[] = [];
    // A Ctrl-C arrives while learning runs: its listener runs on the next turn of the event loop.
    const signals: InterruptSignals = {
      once: (signal, listener) => {
        listening.push(signal);
        if (signal === 'SIGINT') setImmediate(listener);
      },
      off: (signal) => listening.splice(listening.indexOf(signal), 1),
    };
    const run = fakeContext({ cwd: dir });
    await createLearnCommand({ signals, exit: (code) => exits.push(code) }).run(['events.jsonl', '--catalog', 'tools.json'], run.context);
    expect(exits).toEqual([130]);
    expect(run.stderr()).toContain(`loadout learn: interrupted: 36 events were imported into ${store()}; there is no decision yet (no ${decision()}); run loadout learn again to learn from them\n`);
    expect((await readFile(store(), 'utf8')).trim().split('\n')).toHaveLength(36);
    // Nothing listens once the command is done.
    expect(listening).toEqual([]);
  });

  it('a decision it cannot write says the events were imported (exit 2)', async () => {
    unwritable.on = true;
    const run = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'events.jsonl', '--catalog', 'tools.json'], run.context)).toBe(2);
    expect(run.stderr()).toBe(
      `loadout learn: cannot write ${decision()}: EPERM; 36 events were imported into ${store()}; there is no decision yet (no ${decision()}); run loadout learn again to learn from them [file-unwritable]\n`,
    );
    // Once the decision can be written, learning again finds the events stored, as the message says.
    unwritable.on = false;
    const again = fakeContext({ cwd: dir });
    expect(await runCli(['learn', 'events.jsonl', '--catalog', 'tools.json', '--json'], again.context)).toBe(0);
    expect(JSON.parse(again.stdout())).toMatchObject({ imported: 0, alreadyStored: 36 });
  });
});
