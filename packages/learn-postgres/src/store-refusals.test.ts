import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isLoadoutError } from '@loadout/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresFeedbackStore } from './create-postgres-feedback-store.js';

// 3442: a wrong password or an unknown database is the configuration's fault, not an outage: the store says so
// (details.misconfigured, and what to fix) so that a server can refuse to start instead of waiting for it.
// No database needed: a fake server refuses as PostgreSQL does.
const fixture = fileURLToPath(new URL('__fixtures__/refusing-postgres.mjs', import.meta.url));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) child.kill();
});

async function refusingServer(sqlstate: string, message: string): Promise<number> {
  const child = spawn(process.execPath, [fixture, sqlstate, message], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`refusing-postgres exited with ${code}`)));
  });
}

async function failure(url: string): Promise<{ code: unknown; message: string; details: Readonly<Record<string, unknown>> }> {
  const store = createPostgresFeedbackStore(url, { connectTimeoutMs: 2000 });
  try {
    const error = await store.checkWritable().then(() => undefined, (reason: unknown) => reason);
    if (!isLoadoutError(error)) throw new Error(`expected a LoadoutError, got ${String(error)}`);
    return { code: error.code, message: error.message, details: error.details };
  } finally {
    await store.close();
  }
}

describe('a store that refuses Loadout for good', () => {
  it.each([
    ['28P01', 'password authentication failed for user "loadout"', /refuses Loadout: password authentication failed for user "loadout" \(SQLSTATE 28P01\); check the password \(PGPASSWORD, ~\/\.pgpass, or the URL\)/],
    ['3D000', 'database "nodb" does not exist', /refuses Loadout: database "nodb" does not exist \(SQLSTATE 3D000\); check the database name in the URL, or create the database/],
    ['28000', 'no pg_hba.conf entry for host "127.0.0.1", user "loadout", database "nodb", no encryption', /\(SQLSTATE 28000\); check the user name, and that the server's pg_hba\.conf lets it in/],
  ])('%s: store-unavailable, misconfigured, saying what to fix, without the password', async (sqlstate, message, expected) => {
    const port = await refusingServer(sqlstate, message);
    const refused = await failure(`postgres://loadout:s3cretPW@127.0.0.1:${port}/nodb`);
    expect(refused).toMatchObject({ code: 'store-unavailable', details: { cause: sqlstate, misconfigured: true, location: `postgres://***@127.0.0.1:${port}/nodb` } });
    expect(refused.message).toMatch(expected);
    expect(refused.message.startsWith(`the feedback store postgres://***@127.0.0.1:${port}/nodb refuses Loadout: `)).toBe(true);
    expect(JSON.stringify(refused)).not.toContain('s3cretPW');
  });

  it('a database that is down stays an outage: unavailable, not misconfigured', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await failure(`postgres://loadout:s3cretPW@127.0.0.1:${port}/loadout`);
    expect(down).toMatchObject({ code: 'store-unavailable', details: { cause: 'ECONNREFUSED' } });
    expect(down.details['misconfigured']).toBeUndefined();
    expect(down.message).toMatch(/is unavailable: connect ECONNREFUSED/);
  });

  it('a URL naming a file node-postgres cannot read is invalid-option at once, before any connection', () => {
    expect(() => createPostgresFeedbackStore('postgres://loadout:s3cretPW@127.0.0.1:1/loadout?sslrootcert=/no/such/ca.pem')).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringMatching(/^the feedback store postgres:\/\/\*\*\*@127\.0\.0\.1:1\/loadout\?sslrootcert=\*\*\* cannot be used: ENOENT: no such file or directory, open '\/no\/such\/ca\.pem'$/) }),
    );
  });
});

// The same against PostgreSQL itself: LOADOUT_TEST_POSTGRES_URL, a cluster of tooling/postgres/throwaway-postgres.sh
// (members of the role loadout_password must give their password; every other role is trusted). Each run has
// its own roles and schemas, so runs sharing a cluster do not meet.
const url = process.env['LOADOUT_TEST_POSTGRES_URL'];
const run = `${process.pid}_${Date.now()}`;
const withPassword = `loadout_pw_${run}`;

describe.skipIf(url === undefined)('a store PostgreSQL refuses for good', () => {
  const at = (change: (target: URL) => void): string => {
    const target = new URL(url!);
    change(target);
    return target.href;
  };
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DO $$ BEGIN CREATE ROLE loadout_password NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`);
    await admin.query(`CREATE ROLE ${withPassword} LOGIN PASSWORD 'the-right-password' IN ROLE loadout_password`);
    await admin.query(`CREATE SCHEMA loadout_own_${run} AUTHORIZATION ${withPassword}`);
    await admin.query(`CREATE ROLE loadout_no_create_${run} LOGIN`);
    await admin.query(`CREATE SCHEMA loadout_locked_${run}`);
    await admin.query(`GRANT USAGE ON SCHEMA loadout_locked_${run} TO loadout_no_create_${run}`);
    await admin.end();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS loadout_locked_${run} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS loadout_own_${run} CASCADE`);
    await admin.query(`DROP ROLE IF EXISTS loadout_no_create_${run}`);
    await admin.query(`DROP ROLE IF EXISTS ${withPassword}`);
    await admin.end();
  });

  it('the right password is let in; a wrong one is 28P01, misconfigured, and never printed', async () => {
    const right = createPostgresFeedbackStore(
      at((target) => {
        target.username = withPassword;
        target.password = 'the-right-password';
        target.searchParams.set('options', `-c search_path=loadout_own_${run}`);
      }),
    );
    await right.checkWritable();
    await right.close();
    const wrong = await failure(at((target) => ((target.username = withPassword), (target.password = 'a-wrong-password'))));
    expect(wrong).toMatchObject({ code: 'store-unavailable', details: { cause: '28P01', misconfigured: true } });
    expect(wrong.message).toMatch(/refuses Loadout: password authentication failed for user "loadout_pw_\d+_\d+" \(SQLSTATE 28P01\); check the password/);
    expect(JSON.stringify(wrong)).not.toContain('a-wrong-password');
  });

  it('an unknown role is 28000, an unknown database 3D000, a role that may not create the tables 42501, a search path of no usable schema 3F000', async () => {
    const role = await failure(at((target) => (target.username = `nobody_${run}`)));
    expect(role).toMatchObject({ details: { cause: '28000', misconfigured: true }, message: expect.stringMatching(/role "nobody_\d+_\d+" does not exist \(SQLSTATE 28000\); check the user name/) });
    const database = await failure(at((target) => (target.pathname = `/no_such_database_${run}`)));
    expect(database).toMatchObject({ details: { cause: '3D000', misconfigured: true }, message: expect.stringMatching(/database "no_such_database_\d+_\d+" does not exist \(SQLSTATE 3D000\); check the database name/) });
    const locked = await failure(
      at((target) => {
        target.username = `loadout_no_create_${run}`;
        target.searchParams.set('options', `-c search_path=loadout_locked_${run}`);
      }),
    );
    expect(locked).toMatchObject({ details: { cause: '42501', misconfigured: true }, message: expect.stringMatching(/permission denied for schema loadout_locked_\d+_\d+ \(SQLSTATE 42501\); grant the user CONNECT on the database and CREATE on its schema/) });
    // Without USAGE on it, the schema is not on the role's search path at all.
    const unusable = await failure(at((target) => target.searchParams.set('options', `-c search_path=no_such_schema_${run}`)));
    expect(unusable).toMatchObject({ details: { cause: '3F000', misconfigured: true }, message: expect.stringMatching(/no schema has been selected to create in \(SQLSTATE 3F000\); check the search_path/) });
  });
});
