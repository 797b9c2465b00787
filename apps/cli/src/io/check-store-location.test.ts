import { isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { checkStoreLocation } from './check-store-location.js';

describe('checkStoreLocation', () => {
  it('refuses a URL of another scheme, naming the supported forms, its password masked', () => {
    let caught: unknown;
    try {
      checkStoreLocation('mysql://u:pw@h/db?password=x', 'feedback', { flag: 'feedback' }, {});
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
    expect((caught as Error).message).toBe('--feedback mysql://***@h/db?password=*** is not a supported feedback store: give a file path, or a postgres:// or postgresql:// URL');
    expect((caught as Error).message).not.toContain('pw');
  });

  it('refuses a PostgreSQL URL that does not parse, rather than serving as if the database were down', () => {
    expect(() => checkStoreLocation('postgres://u:pw@host:notaport/db', 'feedback', { flag: 'feedback' }, {})).toThrow(
      /^--feedback postgres:\/\/\*\*\*@host:notaport\/db is not a valid URL \(postgres:\/\/USER@HOST:PORT\/DATABASE\)$/,
    );
  });

  it('refuses a PostgreSQL URL without a host, masked, unless PGHOST names one (3442)', () => {
    expect(() => checkStoreLocation('postgres:///db?user=u&password=pw', 'store', { option: 'store' }, {})).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringMatching(/^--store postgres:\/\/\/db\?user=\*\*\*&password=\*\*\* names no host: /) }),
    );
    expect(() => checkStoreLocation('postgres:///db', 'feedback', { flag: 'feedback' }, { PGHOST: '/var/run/postgresql' })).not.toThrow();
  });

  it('accepts file paths (also Windows ones) and PostgreSQL URLs', () => {
    for (const location of ['feedback.jsonl', './a:b/feedback.jsonl', 'C:\\data\\feedback.jsonl', 'postgres://u:pw@h/db', 'POSTGRESQL://h/db', 'postgres:///loadout?host=/var/run/postgresql']) {
      expect(() => checkStoreLocation(location, 'store', { option: 'store' }, {})).not.toThrow();
    }
  });

  it('refuses an empty value instead of taking the working folder for the store', () => {
    expect(() => checkStoreLocation('', 'feedback', { flag: 'feedback' }, {})).toThrow(expect.objectContaining({ code: 'invalid-option', message: '--feedback needs a file path or a postgres:// URL, got an empty value' }));
    expect(() => checkStoreLocation('  ', 'store', { option: 'store' }, {})).toThrow(expect.objectContaining({ code: 'invalid-option' }));
  });
});
