import { describe, expect, it } from 'vitest';
import { storeMisconfiguration } from './store-misconfiguration.js';

describe('storeMisconfiguration', () => {
  it('names a fix for a wrong password, an unknown role or host, a missing database, missing privileges', () => {
    expect(storeMisconfiguration('28P01')).toMatch(/check the password \(PGPASSWORD, ~\/\.pgpass, or the URL\)/);
    expect(storeMisconfiguration('28000')).toMatch(/pg_hba\.conf/);
    expect(storeMisconfiguration('3D000')).toMatch(/check the database name/);
    expect(storeMisconfiguration('42501')).toMatch(/CREATE on its schema/);
    expect(storeMisconfiguration('3F000')).toMatch(/check the search_path/);
  });

  it('leaves outages and anything unknown alone: a database that is down is waited for', () => {
    for (const code of ['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03', '08006', '53300', 'toString', undefined, 28]) {
      expect([code, storeMisconfiguration(code)]).toEqual([code, undefined]);
    }
  });
});
