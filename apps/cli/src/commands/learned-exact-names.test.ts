import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openLearnedDecision } from '@loadout/learn';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';

// The user trial behind decision 3464: 110 events of a team on the demo catalog, where "ship this branch" and "land my
// change" taught the usage field and the re-ranker that branch and change words mean merge_pull_request.
const trialLog = fileURLToPath(new URL('../__fixtures__/usage-trial-3464.jsonl', import.meta.url));

describe('loadout search --feedback with a learned re-ranker', () => {
  it('ranks the tool an identifier in the query spells first, as the bare name does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadout-named-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await copyFile(trialLog, join(dir, 'events.jsonl'));
    expect(await runCli(['learn', 'events.jsonl'], fakeContext({ cwd: dir }).context)).toBe(0);
    const decision = openLearnedDecision(await readFile(join(dir, '.loadout', 'learned.json')));
    // Learning switched on with the re-ranker, whose features put merge_pull_request first before 3464.
    expect(decision.kind === 'decided' && decision.decision.enabled && decision.decision.model !== undefined).toBe(true);
    for (const query of ['create_branch for this change', 'ship create_branch', 'create_branch ship it', 'create_branch']) {
      const run = fakeContext({ cwd: dir });
      expect(await runCli(['search', query, '--feedback', '.loadout/feedback.jsonl', '--limit', '3', '--explain', '--json'], run.context)).toBe(0);
      const { hits } = JSON.parse(run.stdout()) as { hits: { tool: string; explanation?: { components: Record<string, number> } }[] };
      expect(hits[0]!.tool).toBe('mcp__github__create_branch');
      expect(hits[0]!.explanation!.components['exactName']).toBeGreaterThan(0);
    }
  }, 60_000);
});
