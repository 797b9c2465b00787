import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isLoadoutError } from '@loadout/core';
import { afterAll, describe, expect, it } from 'vitest';
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
