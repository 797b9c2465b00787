import { service, tool } from '../builder.js';
import { bool, int, list, str } from '../schema.js';

const schema = str('Schema name.', { default: 'public' });
const table = str('Table name, optionally schema-qualified, e.g. "billing.invoices".');

/** PostgreSQL: run SQL, inspect schemas, tables, indexes, query plans and database activity. */
export const postgres = service('postgres', [
  tool('run_query', 'Run a read-only SQL query against the PostgreSQL database and return rows as JSON; writes are rejected (the transaction is read-only).', {
    sql: str('A SELECT or WITH query; use $1, $2 … for parameters.'),
    'params?': list({ type: ['string', 'number', 'boolean', 'null'] }, 'Values for $1, $2 …'),
    'maxRows?': int('Stop after this many rows.', { minimum: 1, maximum: 10000, default: 500 }),
  }),
  tool('execute_statement', 'Execute a SQL statement that changes data or schema in PostgreSQL (INSERT, UPDATE, DELETE, CREATE, ALTER) and return the affected row count.', {
    sql: str('SQL statement.'),
    'params?': list({ type: ['string', 'number', 'boolean', 'null'] }, 'Values for $1, $2 …'),
    'dryRun?': bool('Run inside a transaction that is rolled back.', { default: false }),
  }),
  tool('list_schemas', 'List the schemas of the PostgreSQL database with their owners.'),
  tool('list_tables', 'List the tables and views in a PostgreSQL schema with estimated row counts and sizes.', {
    'schema?': schema,
    'includeViews?': bool('Also list views and materialized views.', { default: true }),
  }),
  tool('describe_table', 'Describe a PostgreSQL table: columns with data types, nullability and defaults, primary key, foreign keys and constraints.', { table }),
  tool('list_indexes', 'List the indexes of a PostgreSQL table with their definitions, size and how often they are scanned.', { table }),
  tool('explain_query', 'Show the PostgreSQL query plan (EXPLAIN, optionally ANALYZE) of a SQL query to find slow sequential scans and missing indexes.', {
    sql: str('Query to explain.'),
    'analyze?': bool('Actually run the query and report real timings (EXPLAIN ANALYZE).', { default: false }),
    'format?': str('"text" or "json".', { default: 'text' }),
  }),
  tool('get_table_stats', 'Get PostgreSQL statistics for a table: live and dead tuples, last vacuum and analyze, sequential versus index scans.', { table }),
  tool('list_active_queries', 'List queries currently running in PostgreSQL (pg_stat_activity) with their duration, state, user and wait events.', {
    'minDurationSeconds?': int('Only queries running longer than this.', { minimum: 0, default: 0 }),
  }),
  tool('cancel_query', 'Cancel a running PostgreSQL query by backend process id, or terminate the whole connection.', {
    pid: int('Backend process id from list_active_queries.'),
    'terminate?': bool('Terminate the connection instead of cancelling the query.', { default: false }),
  }),
  tool('get_slow_queries', 'List the slowest and most frequent PostgreSQL statements from pg_stat_statements, by total or mean execution time.', {
    'orderBy?': str('"total_time", "mean_time" or "calls".', { default: 'total_time' }),
    'limit?': int('How many statements.', { minimum: 1, maximum: 100, default: 20 }),
  }),
  tool('list_locks', 'Show PostgreSQL locks and which sessions block which, to debug lock contention and deadlocks.'),
  tool('get_database_size', 'Report the size of the PostgreSQL database and its largest tables and indexes.', {
    'top?': int('How many of the largest relations.', { minimum: 1, maximum: 100, default: 10 }),
  }),
  tool('list_extensions', 'List installed PostgreSQL extensions (postgis, pg_trgm, pgvector, …) and their versions.'),
  tool('sample_rows', 'Return a few sample rows of a PostgreSQL table to see what the data looks like.', {
    table,
    'limit?': int('Number of rows.', { minimum: 1, maximum: 100, default: 10 }),
  }),
  tool('list_foreign_keys', 'List the foreign-key relationships between PostgreSQL tables in a schema, to understand joins.', { 'schema?': schema }),
]);
