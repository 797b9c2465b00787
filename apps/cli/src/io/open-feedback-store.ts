import { resolve } from 'node:path';
import type { FeedbackStore } from '@loadout/learn';
import type { PostgresFeedbackStore } from '@loadout/learn-postgres';

/** Whether a `--feedback` / `--store` value names a PostgreSQL database (`postgres://`, `postgresql://`) rather than a file. */
export function isDatabaseStore(location: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(location);
}

const databases = new Map<string, PostgresFeedbackStore>();

/**
 * The feedback store a `--feedback` / `--store` value names: a PostgreSQL
 * database for a `postgres://` URL (loaded only then; one store per URL in
 * this process, its idle connections never keep the process alive), else
 * the file store at that path (resolved from `cwd`).
 */
export async function openFeedbackStore(location: string, cwd: string): Promise<FeedbackStore> {
  if (!isDatabaseStore(location)) {
    const { createFileFeedbackStore } = await import('@loadout/learn');
    return createFileFeedbackStore(resolve(cwd, location));
  }
  return openDatabaseStore(location);
}

/** The PostgreSQL store of `url` (see {@link openFeedbackStore}), with its decision watch and `close`. */
export async function openDatabaseStore(url: string): Promise<PostgresFeedbackStore> {
  let store = databases.get(url);
  if (store === undefined) {
    const { createPostgresFeedbackStore } = await import('@loadout/learn-postgres');
    const opened = createPostgresFeedbackStore(url, { exitOnIdle: true });
    // Closed, it is no longer the store of url: a later command in this process opens a new one.
    store = {
      ...opened,
      close: () => {
        databases.delete(url);
        return opened.close();
      },
    };
    databases.set(url, store);
  }
  return store;
}
