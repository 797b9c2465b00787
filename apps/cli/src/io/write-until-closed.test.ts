import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeUntilClosed } from './write-until-closed.js';

function pipe(): { stream: Writable; written: string[] } {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  return { stream, written };
}

describe('writeUntilClosed', () => {
  it('drops writes once the reader has gone (EPIPE), without ending the process', () => {
    const { stream, written } = pipe();
    const write = writeUntilClosed(stream);
    write('first\n');
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    write('second\n');
    expect(written).toEqual(['first\n']);
  });

  it('rethrows any other stream error', () => {
    const { stream } = pipe();
    writeUntilClosed(stream);
    expect(() => stream.emit('error', Object.assign(new Error('disk full'), { code: 'ENOSPC' }))).toThrow('disk full');
  });
});
