import { createServer, connect, type AddressInfo } from 'node:net';
import { isLoadoutError } from '@loadout/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresFeedbackStore, type PostgresFeedbackStore } from './create-postgres-feedback-store.js';

// Needs a database: LOADOUT_TEST_POSTGRES_URL (.ci/run starts a throwaway cluster with
// tooling/postgres/throwaway-postgres.sh). Each run uses its own schema, dropped afterwards.
const url = process.env['LOADOUT_TEST_POSTGRES_URL'];
const schema = `loadout_test_${process.pid}_${Date.now()}`;
const scoped = url === undefined ? '' : `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

describe.skipIf(url === undefined)('createPostgresFeedbackStore', () => {
  let store: PostgresFeedbackStore;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    store = createPostgresFeedbackStore(scoped);
  });
  afterAll(async () => {
    await store?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('creates its tables on first use, appends and reads events in order, as the file store does', async () => {
    await store.checkWritable();
    await store.append([
      { query: 'weather in paris', called: ['mcp__weather__get_forecast'], at: Date.UTC(2026, 11, 1) },
      { query: 'créer une issue', called: ['mcp__github__create_issue', 'mcp__github__add_label'], at: Date.UTC(2026, 11, 2) },
    ]);
    const { events, issues } = await store.read();
    expect(issues).toEqual([]);
    expect(events).toEqual([
      { query: 'weather in paris', called: ['mcp__weather__get_forecast'], at: Date.UTC(2026, 11, 1) },
      { query: 'créer une issue', called: ['mcp__github__create_issue', 'mcp__github__add_label'], at: Date.UTC(2026, 11, 2) },
    ]);
    const admin = new pg.Client({ connectionString: scoped });
    await admin.connect();
    const columns = await admin.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'loadout_usage_events' ORDER BY ordinal_position`,
      [schema],
    );
    expect(columns.rows.map((row) => `${row.column_name} ${row.data_type}`)).toEqual(['id bigint', 'query text', 'called ARRAY', 'at timestamp with time zone']);
    expect((await admin.query(`SELECT version FROM loadout_schema`)).rows).toEqual([{ version: 1 }]);
    await admin.end();
  });

  it('keeps the learned decision in the same database and tells watchers at once through NOTIFY', async () => {
    expect(await store.readDecision()).toEqual({ kind: 'missing' });
    const other = createPostgresFeedbackStore(scoped);
    let told = 0;
    const stop = other.watchDecision(() => void (told += 1), { pollMs: 60_000 });
    try {
      // Give LISTEN a moment to be in place (the poll's first read marks the baseline).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await store.writeDecision({ enabled: true, usageWeight: 1 });
      const deadline = Date.now() + 5000;
      while (told === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(told).toBeGreaterThan(0);
      expect(await other.readDecision()).toEqual({ kind: 'decided', decision: { enabled: true, usageWeight: 1 } });
    } finally {
      stop();
      await other.close();
    }
  });

  it('compacts to the newest 50 events per tool within 180 days and purges events and decision', async () => {
    const now = Date.now();
    await store.purge();
    await store.writeDecision({ enabled: true, usageWeight: 1 });
    await store.append([{ query: 'too old', called: ['tool_b'], at: now - 181 * 86_400_000 }]);
    await store.append(Array.from({ length: 52 }, (_, index) => ({ query: `q${index}`, called: ['tool_a'], at: now - index * 1000 })));
    const result = await store.compact();
    expect(result).toEqual({ kept: 50, dropped: 3 });
    expect((await store.read()).events.map((event) => event.query)).toEqual(Array.from({ length: 50 }, (_, index) => `q${index}`));
    expect((await store.purge()).length).toBe(2);
    expect((await store.read()).events).toEqual([]);
    expect(await store.readDecision()).toEqual({ kind: 'missing' });
  });

  it('tells watchers once when the database first answers after being down since the watch began (trial 3437)', async () => {
    // A TCP relay to the database that refuses connections while "down": a replica started during an outage.
    const target = new URL(url!);
    let up = false;
    const relay = createServer((socket) => {
      if (!up) return void socket.destroy();
      const upstream = connect(Number(target.port || 5432), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayed = new URL(scoped);
    relayed.host = `127.0.0.1:${(relay.address() as AddressInfo).port}`;
    const replica = createPostgresFeedbackStore(relayed.href, { connectTimeoutMs: 1000 });
    let told = 0;
    let polled = 0;
    const stop = replica.watchDecision(() => void (told += 1), { pollMs: 25 });
    try {
      expect(isLoadoutError(await replica.readDecision().catch((reason: unknown) => reason))).toBe(true);
      up = true;
      // Ordered by the database, never by a pause: once it answers, the next poll tells the watcher.
      const deadline = Date.now() + 5000;
      while (told === 0 && Date.now() < deadline) await replica.readDecision().then(() => (polled += 1), () => {});
      expect(told).toBe(1);
      expect(polled).toBeGreaterThan(0);
    } finally {
      stop();
      await replica.close();
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it('fails with store-unavailable naming the URL without its password when the database cannot be reached', async () => {
    const down = createPostgresFeedbackStore('postgres://someone:hunter2@127.0.0.1:1/none', { connectTimeoutMs: 500 });
    const error = await down.checkWritable().catch((reason: unknown) => reason);
    await down.close();
    expect(isLoadoutError(error) && error.code).toBe('store-unavailable');
    expect((error as Error).message).toMatch(/postgres:\/\/\*\*\*@127\.0\.0\.1:1\/none/);
    expect((error as Error).message).not.toMatch(/hunter2/);
  });
});
