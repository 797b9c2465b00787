import { createLoadoutError, isLoadoutError } from '@loadout/core';
import type { UsageEvent } from '@loadout/core';
import './error-codes.js';
import { parseFeedbackText, parseLearnedDecision } from '@loadout/learn';
import type { FeedbackStore, LearnedDecisionRead, ParsedFeedback } from '@loadout/learn';
import pg from 'pg';
import { CREATE_SCHEMA, DECISION_CHANNEL, DECISION_TABLE, EVENTS_TABLE, SCHEMA_VERSION } from './postgres-schema.js';
import { redactUrl } from '@loadout/core/utils';
import { storeMisconfiguration } from './store-misconfiguration.js';

/** Options of {@link createPostgresFeedbackStore}. */
export interface PostgresFeedbackStoreOptions {
  /** Most connections this store opens at once. Default 4; 1–100. */
  readonly maxConnections?: number;
  /** Longest wait for a connection, in ms. Default 5,000. */
  readonly connectTimeoutMs?: number;
  /** Idle connections do not keep the process alive (a command that reads and exits). Default false. */
  readonly exitOnIdle?: boolean;
}

/** A {@link FeedbackStore} in PostgreSQL, with what a long-running server needs besides. */
export interface PostgresFeedbackStore extends FeedbackStore {
  /**
   * Calls `listener` when the learned decision changes: at once through
   * `LISTEN`/`NOTIFY` (a decision written by {@link FeedbackStore.writeDecision}
   * notifies), and by polling every `pollMs` (default 30,000) in case a
   * notification was missed while the connection was down; also once when
   * the database first answers after being unreachable since the watch
   * began (what was read meanwhile may not be the decision). Returns a
   * function that stops watching.
   */
  watchDecision(listener: () => void, options?: { readonly pollMs?: number }): () => void;
  /** Ends the store's connections (after the queries in flight). */
  close(): Promise<void>;
}

/** The rows `read` returns, oldest first: as JSONL lines, so the file store's parser checks them alike. */
const READ_EVENTS = `SELECT json_build_object('query', query, 'called', called, 'at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text AS line FROM ${EVENTS_TABLE} ORDER BY id`;

/**
 * The feedback store of a deployment in PostgreSQL at `url`
 * (`postgres://` or `postgresql://`): events are rows of
 * `loadout_usage_events` (`query text`, `called text[]`, `at timestamptz`),
 * the decision one row of `loadout_learned_decision`, created on first use
 * with their schema version in `loadout_schema`. Every replica appends to
 * the same table, so `loadout learn --store <url>` learns from all of them.
 * Errors are `store-unavailable` (the database cannot be reached or
 * refused; the message names the URL without its password; `details.cause`
 * is the SQLSTATE or socket error code, and `details.misconfigured` is
 * true when it refused for a reason no retry changes: a wrong password, no
 * such role, database or privilege, the message then says what to fix) or
 * `store-schema-newer`. A URL node-postgres cannot read (a file it names
 * that cannot be read) throws `invalid-option` at once.
 */
export function createPostgresFeedbackStore(url: string, options: PostgresFeedbackStoreOptions = {}): PostgresFeedbackStore {
  const location = redactUrl(url);
  try {
    // node-postgres reads the URL (and the files it names: sslrootcert, sslcert, sslkey) only when it connects: here, before.
    new pg.Client({ connectionString: url });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replaceAll(url, location);
    throw createLoadoutError('invalid-option', `the feedback store ${location} cannot be used: ${reason}`, { location });
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 4,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    allowExitOnIdle: options.exitOnIdle === true,
  });
  // An idle connection the server closed (a restart) is replaced on next use; it must not crash the process.
  pool.on('error', () => {});

  const unavailable = (error: unknown): Error => {
    if (isLoadoutError(error)) return error;
    const reason = (error instanceof Error ? error.message : String(error)).replaceAll(url, location);
    const cause = (error as { code?: unknown } | undefined)?.code;
    const fix = storeMisconfiguration(cause);
    // Refused for a reason no retry changes (a wrong password, no such database): said so, with what to fix.
    if (fix !== undefined) {
      return createLoadoutError('store-unavailable', `the feedback store ${location} refuses Loadout: ${reason} (SQLSTATE ${String(cause)}); ${fix}`, {
        location,
        cause,
        misconfigured: true,
      });
    }
    return createLoadoutError('store-unavailable', `the feedback store ${location} is unavailable: ${reason}`, { location, cause });
  };

  let schema: Promise<void> | undefined;
  const ensureSchema = (): Promise<void> => {
    schema ??= (async () => {
      const client = await pool.connect();
      try {
        await client.query(CREATE_SCHEMA).catch(async (error: unknown) => {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        });
        const { rows } = await client.query<{ version: number }>('SELECT version FROM loadout_schema WHERE name = $1', [EVENTS_TABLE]);
        const version = rows[0]?.version ?? SCHEMA_VERSION;
        if (version > SCHEMA_VERSION) {
          throw createLoadoutError('store-schema-newer', `the feedback store ${location} has schema version ${version}; this Loadout reads up to ${SCHEMA_VERSION}: upgrade Loadout`, {
            location,
            version,
          });
        }
      } finally {
        client.release();
      }
    })();
    // A failed attempt (the database was down) is retried on the next use.
    schema.catch(() => (schema = undefined));
    return schema;
  };

  const query = async <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<Row>> => {
    try {
      await ensureSchema();
      return await pool.query<Row>(text, values);
    } catch (error) {
      throw unavailable(error);
    }
  };

  const watchers = new Set<() => void>();
  let listening: pg.PoolClient | undefined;
  let listenStarting = false;
  let closed = false;
  const notifyWatchers = (): void => {
    for (const listener of watchers) {
      try {
        listener();
      } catch {
        // One failing watcher does not stop the others.
      }
    }
  };
  const listen = (): void => {
    if (listening !== undefined || listenStarting || watchers.size === 0) return;
    listenStarting = true;
    void (async () => {
      try {
        await ensureSchema();
        const client = await pool.connect();
        client.on('notification', notifyWatchers);
        client.on('error', () => {
          if (listening === client) listening = undefined;
          client.release(true);
        });
        await client.query(`LISTEN ${DECISION_CHANNEL}`);
        // Closed (or no one watching) meanwhile: a client kept here would keep close() waiting for it.
        if (closed || watchers.size === 0) client.release(true);
        else listening = client;
      } catch {
        // Polling covers the time the database is down; the next poll tries to listen again.
      } finally {
        listenStarting = false;
      }
    })();
  };

  return {
    specificationVersion: 'v1',
    location,
    decisionLocation: `${location}#${DECISION_TABLE}`,
    async checkWritable() {
      await query('SELECT 1');
    },
    async append(events: readonly UsageEvent[]) {
      if (events.length === 0) return;
      const rows = events.map((event) => ({
        query: event.query,
        called: event.called,
        at: new Date(event.at ?? Date.now()).toISOString(),
      }));
      await query(
        `INSERT INTO ${EVENTS_TABLE} (query, called, at) SELECT query, called, at FROM json_to_recordset($1::json) AS e(query text, called text[], at timestamptz)`,
        [JSON.stringify(rows)],
      );
    },
    async read(readOptions): Promise<ParsedFeedback> {
      const { rows } = await query<{ line: string }>(READ_EVENTS);
      return parseFeedbackText(rows.map((row) => row.line).join('\n'), readOptions);
    },
    async compact() {
      // What the file store keeps: per tool the newest 50 events, none older than 180 days.
      const { rows } = await query<{ kept: string; dropped: string }>(
        `WITH ranked AS (
           SELECT id, row_number() OVER (PARTITION BY tool ORDER BY at DESC, id DESC) AS rank
           FROM ${EVENTS_TABLE}, unnest(called) AS tool
           WHERE at >= now() - make_interval(days => 180)
         ),
         keep AS (SELECT DISTINCT id FROM ranked WHERE rank <= 50),
         removed AS (DELETE FROM ${EVENTS_TABLE} WHERE id NOT IN (SELECT id FROM keep) RETURNING id)
         SELECT (SELECT count(*) FROM keep) AS kept, (SELECT count(*) FROM removed) AS dropped`,
      );
      return { kept: Number(rows[0]?.kept ?? 0), dropped: Number(rows[0]?.dropped ?? 0) };
    },
    async purge() {
      const events = await query(`DELETE FROM ${EVENTS_TABLE}`);
      const decision = await query(`DELETE FROM ${DECISION_TABLE}`);
      return [...((events.rowCount ?? 0) > 0 ? [location] : []), ...((decision.rowCount ?? 0) > 0 ? [`${location}#${DECISION_TABLE}`] : [])];
    },
    async readDecision(): Promise<LearnedDecisionRead> {
      const { rows } = await query<{ decision: string }>(`SELECT decision::text AS decision FROM ${DECISION_TABLE}`);
      return rows[0] === undefined ? { kind: 'missing' } : parseLearnedDecision(rows[0].decision);
    },
    async writeDecision(decision) {
      await query(
        `WITH saved AS (
           INSERT INTO ${DECISION_TABLE} (id, decision, decided_at) VALUES (true, $1::jsonb, now())
           ON CONFLICT (id) DO UPDATE SET decision = EXCLUDED.decision, decided_at = EXCLUDED.decided_at RETURNING 1
         )
         SELECT pg_notify('${DECISION_CHANNEL}', '') FROM saved`,
        [JSON.stringify(decision)],
      );
    },
    watchDecision(listener, watchOptions = {}) {
      watchers.add(listener);
      listen();
      let last: string | undefined;
      let missed = false;
      const poll = async (): Promise<void> => {
        listen();
        const { rows } = await query<{ stamp: string }>(`SELECT decided_at::text AS stamp FROM ${DECISION_TABLE}`).catch(() => ({ rows: undefined }));
        if (rows === undefined) {
          missed = true;
          return;
        }
        const stamp = rows[0]?.stamp ?? 'none';
        // Unreachable since the watch began: whatever the watcher read meanwhile may not be the decision.
        if (last === undefined ? missed : stamp !== last) listener();
        last = stamp;
      };
      void poll();
      const timer = setInterval(() => void poll(), watchOptions.pollMs ?? 30_000);
      timer.unref?.();
      return () => {
        clearInterval(timer);
        watchers.delete(listener);
      };
    },
    async close() {
      closed = true;
      watchers.clear();
      listening?.release(true);
      listening = undefined;
      await pool.end().catch(() => {});
    },
  };
}
