import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream, waitFor } from '../__fixtures__/upstream-servers.js';
import { createGateway } from '../gateway/create-gateway.js';

const text = (result: { content: unknown[] }): string => (result.content[0] as { text: string }).text;

// Trial 3424: shutting down logged "re-listing tools after list_changed failed … Connection closed" at warn.
describe('a re-listing cut off by closing', () => {
  it('is not warned about: the connection ended because the gateway closed it', async () => {
    const logger = createMemoryLogger();
    const gateway = await createGateway({ config: { mcpServers: { bad: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
    const lists = async (): Promise<number> => Number(text(await gateway.callTool('mcp__bad__count_lists')));
    await gateway.callTool('mcp__bad__slow_list', { ms: 60_000 });
    const before = await lists();
    await gateway.callTool('mcp__bad__add_tool', { name: 'late_tool' });
    // The server counts a tools/list when it arrives, before its delay: the re-listing is under way.
    await waitFor(async () => (await lists()) > before, 30_000, 'the re-listing to start');
    await gateway.close();
    expect(logger.lines.filter((line) => /re-listing/.test(line) && !/debug/.test(line))).toEqual([]);
  }, 60_000);
});
