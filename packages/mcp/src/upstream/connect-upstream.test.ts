import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../__fixtures__/upstream-servers.js';
import { connectUpstream } from './connect-upstream.js';

describe('connectUpstream', () => {
  it('says a missing cwd is missing (file-not-found), not `spawn node ENOENT` (trial 3420)', async () => {
    const folder = temporaryFolder('cwd');
    try {
      const cwd = join(folder.path, 'gone');
      await expect(connectUpstream({ type: 'stdio', command: process.execPath, args: [], env: {}, alwaysLoad: false, cwd }, { timeoutMs: 5000 })).rejects.toMatchObject({
        code: 'file-not-found',
        message: `its cwd ${JSON.stringify(cwd)} is not an existing folder [file-not-found]`,
      });
    } finally {
      folder.remove();
    }
  });
});
