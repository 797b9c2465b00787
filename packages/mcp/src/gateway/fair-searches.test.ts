import { createLoadoutError, type CatalogTool, type Ranker, type SearchHit } from '@loadout/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream } from '../__fixtures__/upstream-servers.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';

/**
 * A ranker shaped like a plug-in's worker: one search at a time, at most 64
 * waiting (one more is `ranker-busy`); a search ends only when the test
 * releases it, so nothing depends on timing.
 */
function workerLikeRanker() {
  let tools: readonly CatalogTool[] = [];
  const queue: { query: string; finish: () => void }[] = [];
  const answered: string[] = [];
  const ranker: Ranker = {
    specificationVersion: 'v1',
    name: 'worker-like',
    get size() {
      return tools.length;
    },
    index(next) {
      tools = next;
    },
    add() {},
    remove() {},
    search(query) {
      // The first in the queue is running; the others wait.
      if (queue.length - 1 >= 64) throw createLoadoutError('ranker-busy', 'ranker "worker-like" has 64 searches waiting already; try again shortly');
      return new Promise<readonly SearchHit[]>((resolve) => {
        queue.push({ query, finish: () => resolve([{ tool: tools[0]!, score: 1 }]) });
      });
    },
  };
  /** Ends the running search; resolves once its answer is out and the next ones were handed over. */
  const release = async (): Promise<string> => {
    const next = queue.shift()!;
    next.finish();
    answered.push(next.query);
    await new Promise((resolve) => setImmediate(resolve));
    return next.query;
  };
  return { ranker, release, answered, queued: () => queue.length };
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function connect(gateway: Gateway, client: string): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.createServer({ client }).connect(serverSide);
  const mcp = new Client({ name: client, version: '1' });
  await mcp.connect(clientSide);
  return mcp;
}

type SearchResult = { isError?: boolean; content: { text: string }[] };

describe('searches of many clients share an asynchronous ranker fairly', () => {
  const worker = workerLikeRanker();
  const logger = createMemoryLogger();
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await createGateway({
      config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } },
      logger,
      upstreamStderr: 'ignore',
      ranker: () => worker.ranker,
    });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('a client with 70 searches in flight neither locks another out nor makes it wait for all of them', async () => {
    const alice = await connect(gateway, 'token alice');
    const bob = await connect(gateway, 'token bob');
    const hers = Array.from({ length: 70 }, (_, index) => alice.callTool({ name: 'search_tools', arguments: { query: `alice ${index}` } }) as Promise<SearchResult>);
    for (let turn = 0; turn < 5; turn++) await flush();
    let bobAnswered = false;
    const his = (bob.callTool({ name: 'search_tools', arguments: { query: 'bob 0' } }) as Promise<SearchResult>).then((result) => {
      bobAnswered = true;
      return result;
    });
    for (let turn = 0; turn < 5; turn++) await flush();
    // Bob is not refused: his search waits for its turn (it used to get ranker-busy, the queue full of Alice's).
    let released = 0;
    while (!bobAnswered && released < 70) {
      await worker.release();
      released += 1;
      await flush();
    }
    const answer = await his;
    expect(answer.isError, answer.content[0]?.text).toBeUndefined();
    expect(worker.answered).toContain('bob 0');
    // His turn came after at most the searches already handed to the ranker and one more of hers.
    expect(worker.answered.indexOf('bob 0')).toBeLessThanOrEqual(5);
    // Alice alone is refused past her own cap (64 waiting, 4 running), with the queue's code.
    while (worker.queued() > 0) await worker.release();
    const results = await Promise.all(hers);
    const refused = results.filter((result) => result.isError === true);
    expect(refused.length).toBe(2);
    expect(refused[0]!.content[0]!.text).toBe('search_tools: this client has 64 searches waiting already; try again shortly [ranker-busy]');
    expect(logger.lines.filter((line) => line.includes('[ranker-busy]'))).toEqual([
      'warn: refused a search of token alice: this client has 64 searches waiting already; try again shortly [ranker-busy]',
    ]);
    await alice.close();
    await bob.close();
  });
});

// Trial finding 8: with `loadout serve`, 12 of 80 concurrent searches of one client got `ranker-busy`, and a plug-in's
// invalid result reached the client as an error. With fallbackSearches, the default ranker answers them instead.
describe('fallbackSearches: a search refused at the queue, or that the ranker fails through its own fault, is answered by bm25f', () => {
  const worker = workerLikeRanker();
  const logger = createMemoryLogger();
  let invalid = false;
  /** The code the ranker's searches fail with, as a sandboxed plug-in's do (a crash, a timeout, its module changed), when set. */
  let fault: string | undefined;
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await createGateway({
      config: { mcpServers: { tools: nodeUpstream(MISBEHAVING_SERVER) } },
      logger,
      upstreamStderr: 'ignore',
      fallbackSearches: true,
      ranker: () => ({
        ...worker.ranker,
        index: (tools) => worker.ranker.index(tools),
        search: (query, options) => {
          if (fault !== undefined) return Promise.reject(createLoadoutError(fault as 'ranker-failed', `ranker "worker-like" failed so [${fault}]`));
          return invalid ? Promise.resolve([{ tool: { name: 'ghost', displayName: 'ghost' } as CatalogTool, score: Number.NaN }]) : worker.ranker.search(query, options);
        },
      }),
    });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('the searches past a client\'s cap are answered at once, with one warning; the others wait their turn as before', async () => {
    const alice = await connect(gateway, 'token alice');
    const hers = Array.from({ length: 70 }, (_, index) => alice.callTool({ name: 'search_tools', arguments: { query: index < 68 ? `alice ${index}` : 'echo text' } }) as Promise<SearchResult>);
    for (let turn = 0; turn < 5; turn++) await flush();
    while (worker.queued() > 0) await worker.release();
    const results = await Promise.all(hers);
    expect(results.filter((result) => result.isError === true)).toEqual([]);
    expect(worker.answered).toHaveLength(68);
    expect(results[69]!.content[0]!.text).toContain('mcp__tools__echo_text');
    expect(logger.lines.filter((line) => line.includes('[ranker-busy]'))).toEqual([
      'warn: search_tools: token alice has 64 searches waiting already [ranker-busy], so the built-in ranker "bm25f" answered it',
    ]);
    await alice.close();
  });

  it('an invalid result is answered by bm25f, and the check\'s message stays in the log', async () => {
    const bob = await connect(gateway, 'token bob');
    invalid = true;
    try {
      const result = (await bob.callTool({ name: 'search_tools', arguments: { query: 'echo text' } })) as SearchResult;
      expect(result.isError).toBeUndefined();
      expect(result.content[0]!.text).toContain('mcp__tools__echo_text');
      expect(logger.lines.filter((line) => line.includes('[ranker-invalid-result]'))).toEqual([
        expect.stringMatching(/^warn: search_tools: .*ranker "worker-like" returned an invalid result.*\[ranker-invalid-result\], so the built-in ranker "bm25f" answered it$/),
      ]);
    } finally {
      invalid = false;
      await bob.close();
    }
  });

  // Decision 3459: a crash (ranker-failed), a timeout at a restart, a ranker that cannot be made again, a module changed
  // since the config was loaded: each such search is answered, with one warning per code however many there are.
  it.each(['ranker-failed', 'ranker-timeout', 'ranker-invalid', 'config-untrusted'])('a search failing with %s is answered by bm25f, with one warning for all of them', async (code) => {
    const carol = await connect(gateway, 'token carol');
    fault = code;
    try {
      const results = (await Promise.all(Array.from({ length: 8 }, () => carol.callTool({ name: 'search_tools', arguments: { query: 'echo text' } })))) as SearchResult[];
      for (const result of results) {
        expect(result.isError, result.content[0]?.text).toBeUndefined();
        expect(result.content[0]!.text).toContain('mcp__tools__echo_text');
      }
      expect(logger.lines.filter((line) => line.includes(`[${code}]`))).toEqual([
        `warn: search_tools: ranker "worker-like" failed so [${code}] [${code}], so the built-in ranker "bm25f" answered it`,
      ]);
    } finally {
      fault = undefined;
      await carol.close();
    }
  });

  it('what the caller got wrong stays its error: a limit over 100, a query the ranker refuses as too long', async () => {
    const dave = await connect(gateway, 'token dave');
    try {
      // An invalid argument is the protocol's error (-32602), as ever.
      await expect(dave.callTool({ name: 'search_tools', arguments: { query: 'echo text', limit: 500 } })).rejects.toThrow(/limit must be an integer from 1 to 100, got 500/);
      fault = 'query-too-long';
      const tooLong = (await dave.callTool({ name: 'search_tools', arguments: { query: 'echo text' } })) as SearchResult;
      expect(tooLong.isError).toBe(true);
      expect(tooLong.content[0]!.text).toContain('[query-too-long]');
      expect(logger.lines.filter((line) => line.includes('limit must be') || line.includes('[query-too-long]'))).toEqual([]);
    } finally {
      fault = undefined;
      await dave.close();
    }
  });
});
