import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MISBEHAVING_SERVER, nodeUpstream, temporaryFolder } from '../__fixtures__/upstream-servers.js';
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

  it('says a server that exits at start exited, with its code and, when its stderr is read, its last line (not `Connection closed`)', async () => {
    const folder = temporaryFolder('exit');
    try {
      const downFile = join(folder.path, 'down');
      writeFileSync(downFile, '');
      const config = nodeUpstream(MISBEHAVING_SERVER, [], { MISBEHAVE_DOWN_FILE: downFile });
      const lines: string[] = [];
      await expect(connectUpstream(config, { timeoutMs: 20_000, stderr: (line) => void lines.push(line) })).rejects.toThrow(
        new Error('exited with code 3 before it answered; last line on its stderr: "misbehaving-server: down file present, refusing to start"'),
      );
      expect(lines).toContain('misbehaving-server: down file present, refusing to start');
      await expect(connectUpstream(config, { timeoutMs: 20_000, stderr: 'ignore' })).rejects.toThrow(new Error('exited with code 3 before it answered'));
    } finally {
      folder.remove();
    }
  }, 60_000);
});
