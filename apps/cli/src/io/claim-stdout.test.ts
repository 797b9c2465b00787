import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { claimStdout } from './claim-stdout.js';

const collect = (stream: PassThrough): (() => string) => {
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return () => chunks.join('');
};

describe('claimStdout', () => {
  it('sends every later write to stdout to stderr, and keeps stdout for the stream it returns', () => {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const [out, err] = [collect(stdout), collect(stderr)];
    const own = claimStdout(stdout, stderr);
    stdout.write('stray\n');
    own.write('answer\n');
    expect(out()).toBe('answer\n');
    expect(err()).toBe('stray\n');
  });

  it('is the stream for everything else: events, state, callbacks', async () => {
    const stdout = new PassThrough();
    const own = claimStdout(stdout, new PassThrough());
    let errors = 0;
    own.on('error', () => errors++);
    stdout.emit('error', new Error('EPIPE'));
    expect(errors).toBe(1);
    expect(own.writableEnded).toBe(false);
    await new Promise<void>((resolve) => own.write('', () => resolve()));
  });
});
