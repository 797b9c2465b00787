import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { searchingChatModel, startApiDouble } from '@loadout/openai/test';
import type { ApiDouble } from '@loadout/openai/test';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let double: ApiDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

describe('examples/generate-text.mjs', () => {
  it('runs generateText with the search tool and prepareStep against an OpenAI-compatible double', async () => {
    double = await startApiDouble(
      searchingChatModel({ query: 'create github issue', toolSuffix: 'github__create_issue', args: { owner: 'acme', repo: 'web', title: 'Login fails on Safari' }, finalText: 'Created it.' }),
    );
    const script = fileURLToPath(new URL('../examples/generate-text.mjs', import.meta.url));
    const { stdout, stderr } = await run(process.execPath, [script, double.url], { env: { ...process.env, OPENAI_API_KEY: 'k' } });
    expect(stdout).toBe('Created it.\n');
    expect(stderr).toBe('step 0: 26 active tools\nstep 1: 31 active tools\nstep 2: 31 active tools\n');
    const names = (index: number) => (double!.requests[index]!.body['tools'] as { function: { name: string } }[]).map((tool) => tool.function.name);
    expect(names(0)).toHaveLength(26);
    expect(names(0)[0]).toBe('search_tools');
    expect(names(1)).toContain('mcp__github__create_issue');
    expect(Buffer.byteLength(double.requests[0]!.text)).toBeLessThan(20_000);
    const last = (double.requests[2]!.body['messages'] as Record<string, unknown>[]).at(-1);
    expect(last).toMatchObject({ role: 'tool', tool_call_id: 'call_fn_1' });
    expect(JSON.parse(last!['content'] as string)).toEqual({ ok: true, tool: 'mcp__github__create_issue', result: 'done' });
  });
});
