import { describe, expect, it } from 'vitest';
import { postgresUrlProblem } from './check-postgres-url.js';

describe('postgresUrlProblem', () => {
  it('accepts a URL that names its host, in the URL, as a host parameter, or through PGHOST', () => {
    for (const url of ['postgres://u:pw@h/db', 'postgresql://h:5432/db', 'postgres://[::1]:5433/db', 'postgres:///db?host=/var/run/postgresql', 'postgres://h/db?port=6432', 'postgres://h']) {
      expect([url, postgresUrlProblem(url, {})]).toEqual([url, undefined]);
    }
    expect(postgresUrlProblem('postgres:///db', { PGHOST: 'db.internal' })).toBeUndefined();
  });

  it('refuses a URL without a host (node-postgres: localhost over TCP; psql: the local socket)', () => {
    for (const url of ['postgres:///db', 'postgresql://', 'postgres:///db?host=', 'postgres:///db?password=pw']) {
      expect([url, postgresUrlProblem(url, { PGHOST: '' })]).toEqual([url, expect.stringMatching(/^names no host: node-postgres would connect to localhost over TCP, where psql would use the local socket; name it: postgres:\/\/localhost\/DATABASE over TCP, postgres:\/\/\/DATABASE\?host=\/var\/run\/postgresql for the socket, or set PGHOST$/)]);
    }
  });

  it('refuses a URL that does not parse, and ports out of 1–65535', () => {
    expect(postgresUrlProblem('postgres://u:pw@h:port/db', {})).toBe('is not a valid URL (postgres://USER@HOST:PORT/DATABASE)');
    // The URL standard allows no userinfo without a host.
    expect(postgresUrlProblem('postgres://u:pw@/db', {})).toBe('is not a valid URL (postgres://USER@HOST:PORT/DATABASE)');
    expect(postgresUrlProblem('postgres://:5432/db', {})).toBe('is not a valid URL (postgres://USER@HOST:PORT/DATABASE)');
    expect(postgresUrlProblem('postgres://h:0/db', {})).toBe('has port "0": a port is a number from 1 to 65535');
    expect(postgresUrlProblem('postgres://h/db?port=abc', {})).toBe('has port "abc": a port is a number from 1 to 65535');
    expect(postgresUrlProblem('postgres://h/db?port=70000', {})).toBe('has port "70000": a port is a number from 1 to 65535');
  });
});
