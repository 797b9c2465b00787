import { chmod, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileFeedbackStore } from './create-file-feedback-store.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'loadout-recognise-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const event = { query: 'save it', called: ['write_file'], at: 1_000 };
const writes = {
  append: (path: string) => createFileFeedbackStore(path).append([event]),
  compact: (path: string) => createFileFeedbackStore(path).compact(),
  purge: (path: string) => createFileFeedbackStore(path).purge(),
  checkWritable: (path: string) => createFileFeedbackStore(path).checkWritable(),
};

describe('a feedback store is recognised by its content before it is written', () => {
  const notStores = {
    'a JSON catalog': '[\n  {"name": "get_weather", "description": "Weather."}\n]\n',
    'a JSONL catalog': '{"name": "get_weather", "description": "Weather."}\n',
    'a catalog snapshot': '{"tools": []}',
    'an MCP config': '{"mcpServers": {"fs": {"command": "npx", "env": {"TOKEN": "secret"}}}}\n',
    'binary bytes': '\u0000\u0001\u0002',
    'a labelled query file': '{"query": "find it", "relevant": ["search"], "id": "set:1"}\n',
    'events without a time': '{"query": "find it", "called": ["search"]}\n',
  };
  for (const [what, text] of Object.entries(notStores)) {
    for (const [name, write] of Object.entries(writes)) {
      it(`${name} refuses ${what} (feedback-store-invalid) and leaves it untouched`, async () => {
        const path = join(folder, 'tools.json');
        await writeFile(path, text);
        const error = await write(path).then(() => undefined, (caught: unknown) => caught);
        expect(error).toMatchObject({ code: 'feedback-store-invalid' });
        expect((error as Error).message).toContain(path);
        expect((error as Error).message).not.toContain('secret');
        expect(await readFile(path, 'utf8')).toBe(text);
        expect(await readdir(folder)).toEqual(['tools.json']);
      });
    }
  }

  for (const [name, write] of Object.entries(writes)) {
    it(`${name} refuses a symbolic link, leaving the link and its target as they were`, async () => {
      const target = join(folder, 'real.jsonl');
      const link = join(folder, 'feedback.jsonl');
      await writeFile(target, `${JSON.stringify({ query: 'q', called: ['t'], at: '2026-01-01T00:00:00.000Z' })}\n`);
      await symlink(target, link);
      await expect(write(link)).rejects.toMatchObject({ code: 'feedback-store-invalid', message: expect.stringContaining('symbolic link') });
      expect((await readdir(folder)).sort()).toEqual(['feedback.jsonl', 'real.jsonl']);
      expect(await readFile(link, 'utf8')).toContain('"query":"q"');
    });
  }

  it('accepts a missing, empty or blank file, and one whose first line is a stored event', async () => {
    const path = join(folder, 'feedback.jsonl');
    await createFileFeedbackStore(path).append([event]);
    for (const text of ['', '\n\n', '{"query":"find it","called":["search"],"at":"2026-01-01T00:00:00.000Z"}\n']) {
      await writeFile(path, text);
      await createFileFeedbackStore(path).append([event]);
      expect(await readFile(path, 'utf8')).toContain('"query":"save it"');
    }
  });

  it.skipIf(process.getuid?.() === 0)('checkWritable fails at once on a read-only store (skipped as root, who can write it)', async () => {
    const path = join(folder, 'feedback.jsonl');
    await writeFile(path, '');
    await chmod(path, 0o444);
    await expect(createFileFeedbackStore(path).checkWritable()).rejects.toMatchObject({ code: 'file-unwritable', message: expect.stringContaining('EACCES') });
  });
});
