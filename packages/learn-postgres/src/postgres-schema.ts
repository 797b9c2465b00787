/** Version of the tables below, kept in `loadout_schema`; a store refuses a database with a newer one. */
export const SCHEMA_VERSION = 1;

/** Events: one row per search-then-call positive, from every replica. */
export const EVENTS_TABLE = 'loadout_usage_events';
/** The learned decision: one row, replaced whole. */
export const DECISION_TABLE = 'loadout_learned_decision';
/** `NOTIFY` channel a decision write signals, so running replicas pick it up at once. */
export const DECISION_CHANNEL = 'loadout_learned_decision';

/**
 * Creates the tables on first use, under a transaction-scoped advisory lock
 * so replicas starting together do not race, and records the schema version.
 * Idempotent.
 */
export const CREATE_SCHEMA = `
BEGIN;
SELECT pg_advisory_xact_lock(hashtext('loadout_schema'));
CREATE TABLE IF NOT EXISTS loadout_schema (name text PRIMARY KEY, version integer NOT NULL);
CREATE TABLE IF NOT EXISTS ${EVENTS_TABLE} (
  id bigserial PRIMARY KEY,
  query text NOT NULL,
  called text[] NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ${EVENTS_TABLE}_at ON ${EVENTS_TABLE} (at);
CREATE TABLE IF NOT EXISTS ${DECISION_TABLE} (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  decision jsonb NOT NULL,
  decided_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO loadout_schema (name, version) VALUES ('${EVENTS_TABLE}', ${SCHEMA_VERSION}) ON CONFLICT (name) DO NOTHING;
COMMIT;`;
