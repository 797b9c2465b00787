import { createLoadoutError } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import { requestResult, transactionDone } from './idb-request.js';
import { indexKeyString } from './index-store.js';
import type { IndexKey, IndexStore } from './index-store.js';

/** Default {@link IndexedDbIndexStoreOptions.databaseName}. */
export const DEFAULT_INDEX_DATABASE = 'loadout-indexes';
/** Default {@link IndexedDbIndexStoreOptions.maxEntries}. */
export const DEFAULT_MAX_STORED_INDEXES = 24;

const STORE = 'indexes';
const BY_SAVED_AT = 'savedAt';

interface StoredRecord {
  readonly key: string;
  readonly catalogHash: string;
  readonly ranker: string;
  readonly version: string;
  readonly savedAt: number;
  readonly blob: Uint8Array;
}

/** Options of {@link createIndexedDbIndexStore}. */
export interface IndexedDbIndexStoreOptions {
  /** The IndexedDB database. Default `loadout-indexes`. */
  databaseName?: string;
  /** Most blobs kept; beyond it the oldest written are deleted. A positive integer. Default 24. */
  maxEntries?: number;
  /** The IndexedDB factory. Default: the global `indexedDB`. */
  indexedDB?: IDBFactory;
}

/** An {@link IndexStore} on IndexedDB. */
export interface IndexedDbIndexStore extends IndexStore {
  readonly databaseName: string;
  /** Closes the database connection; a later call opens it again. */
  close(): void;
}

/**
 * Creates an {@link IndexStore} on IndexedDB (one object store `indexes`,
 * records keyed by `<catalogHash>|<ranker>|<version>`). The database opens
 * on first use; without IndexedDB every call rejects `unsupported-environment`.
 */
export function createIndexedDbIndexStore(options: IndexedDbIndexStoreOptions = {}): IndexedDbIndexStore {
  const databaseName = options.databaseName ?? DEFAULT_INDEX_DATABASE;
  const maxEntries = integerOption('@loadout/browser', 'maxEntries', options.maxEntries, DEFAULT_MAX_STORED_INDEXES, 1);
  let opening: Promise<IDBDatabase> | undefined;

  const open = (): Promise<IDBDatabase> => {
    opening ??= (async () => {
      const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
      if (factory === undefined) {
        throw createLoadoutError('unsupported-environment', '@loadout/browser: IndexedDB is not available here; pass another IndexStore or turn persistence off');
      }
      const request = factory.open(databaseName, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: 'key' });
        store.createIndex(BY_SAVED_AT, 'savedAt');
      };
      const database = await requestResult(request);
      database.onversionchange = () => {
        database.close();
        opening = undefined;
      };
      return database;
    })();
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  };

  const prune = async (database: IDBDatabase): Promise<void> => {
    const transaction = database.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    let excess = (await requestResult(store.count())) - maxEntries;
    if (excess > 0) {
      const cursorRequest = store.index(BY_SAVED_AT).openKeyCursor();
      await new Promise<void>((resolve, reject) => {
        cursorRequest.onerror = () => reject(cursorRequest.error ?? new Error('IndexedDB cursor failed'));
        cursorRequest.onsuccess = () => {
          const cursor = cursorRequest.result;
          if (cursor === null || excess <= 0) return resolve();
          store.delete(cursor.primaryKey);
          excess--;
          cursor.continue();
        };
      });
    }
    await transactionDone(transaction);
  };

  return {
    databaseName,
    async get(key) {
      const database = await open();
      const transaction = database.transaction(STORE, 'readonly');
      const record = (await requestResult(transaction.objectStore(STORE).get(indexKeyString(key)))) as StoredRecord | undefined;
      if (record === undefined) return undefined;
      return record.blob instanceof Uint8Array ? record.blob : new Uint8Array(record.blob as ArrayBuffer);
    },
    async put(key: IndexKey, blob: Uint8Array) {
      const database = await open();
      const record: StoredRecord = { key: indexKeyString(key), ...key, savedAt: Date.now(), blob: blob.slice() };
      const transaction = database.transaction(STORE, 'readwrite');
      transaction.objectStore(STORE).put(record);
      await transactionDone(transaction);
      await prune(database);
    },
    async delete(key) {
      const database = await open();
      const transaction = database.transaction(STORE, 'readwrite');
      transaction.objectStore(STORE).delete(indexKeyString(key));
      await transactionDone(transaction);
    },
    async clear() {
      const database = await open();
      const transaction = database.transaction(STORE, 'readwrite');
      transaction.objectStore(STORE).clear();
      await transactionDone(transaction);
    },
    close() {
      const current = opening;
      opening = undefined;
      void current?.then((database) => database.close(), () => undefined);
    },
  };
}
