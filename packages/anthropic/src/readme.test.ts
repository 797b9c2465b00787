import { readFileSync } from 'node:fs';
import { markedExample } from '@loadout/core/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageReply, text, toolUse } from './__fixtures__/api-responses.js';
import { startLoopbackServer } from './__fixtures__/loopback-server.js';
import type { LoopbackServer } from './__fixtures__/loopback-server.js';
import { TOOL_SEARCH_BETA } from './tool-search/constants.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

const example = (marker: string): string => markedExample(readme, marker);

const WEATHER = 'mcp__weather__get_weather';
const ENV_KEYS = ['ANTHROPIC_BASE_URL', 'ANTHROPIC_API_KEY', 'ENABLE_TOOL_SEARCH', 'CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS'] as const;
let server: LoopbackServer | undefined;
const saved = new Map<string, string | undefined>();

afterEach(async () => {
  await server?.close();
  for (const [key, value] of saved) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.restoreAllMocks();
});

describe('README', () => {
  it('shows the fixtures exactly', () => {
    expect(example('messages')).toBe(fixture('readme-example.ts'));
    expect(example('agent')).toBe(fixture('readme-agent-example.ts'));
  });

  it('runs the Messages API example as written against a loopback API', async () => {
    server = await startLoopbackServer((_, index) =>
      [
        messageReply([toolUse('toolu_s1', 'search_tools', { query: 'current weather city' })], 'tool_use'),
        messageReply([toolUse('toolu_w1', WEATHER, { city: 'Paris' })], 'tool_use'),
        messageReply([text('It is 18°C and sunny in Paris.')]),
      ][index]!,
    );
    for (const key of ENV_KEYS) saved.set(key, process.env[key]);
    for (const key of ENV_KEYS) delete process.env[key];
    process.env['ANTHROPIC_BASE_URL'] = server.url;
    process.env['ANTHROPIC_API_KEY'] = 'test-key';
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await import('./__fixtures__/readme-example.js');

    expect(log.mock.calls).toEqual([['It is 18°C and sunny in Paris.']]);
    expect(warn).not.toHaveBeenCalled();
    const [first, second, third] = server.requests;
    expect(server.requests).toHaveLength(3);
    expect(first!.headers['anthropic-beta']).toBe(TOOL_SEARCH_BETA);
    expect(first!.body['tools']).toMatchObject([
      { name: 'search_tools' },
      { name: WEATHER, defer_loading: true },
      { name: 'mcp__slack__send_message', defer_loading: true },
      { name: 'mcp__github__create_issue', defer_loading: true },
    ]);
    expect((second!.body['messages'] as unknown[]).at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_s1', content: [{ type: 'tool_reference', tool_name: WEATHER }] }],
    });
    expect((third!.body['messages'] as unknown[]).at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_w1', content: '18°C and sunny in Paris' }],
    });
  });
});
