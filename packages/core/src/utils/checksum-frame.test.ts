import { describe, expect, it } from 'vitest';
import { createLoadoutError } from '../errors/loadout-error.js';
import { damageOutcome, resealFrame, undetectedBitFlips } from '../test/frame-damage.js';
import { FRAME_HEADER_BYTES, frameVersion, openFrame, sealFrame, type FrameFormat } from './checksum-frame.js';
import { fnv1a32Bytes } from './fnv1a.js';

const format: FrameFormat = {
  magic: new TextEncoder().encode('TEST'),
  version: 3,
  corrupt: (reason, details) => createLoadoutError('index-corrupt', `test file: ${reason}`, { reason, ...details }),
};
const payload = new TextEncoder().encode('payload bytes, any length');

describe('the shared checksum frame', () => {
  it('round-trips a payload and flags, magic, version and checksum in place', () => {
    const bytes = sealFrame(format, payload, 0x1234);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('TEST');
    expect(frameVersion(bytes, format)).toBe(3);
    expect(bytes.length).toBe(FRAME_HEADER_BYTES + payload.length + 4);
    expect(new DataView(bytes.buffer).getUint32(bytes.length - 4, true)).toBe(fnv1a32Bytes(bytes, 0, bytes.length - 4));
    const opened = openFrame(bytes, format);
    expect(opened.flags).toBe(0x1234);
    expect(Array.from(opened.payload)).toEqual(Array.from(payload));
    expect(openFrame(sealFrame(format, new Uint8Array(0)), format).payload.length).toBe(0);
  });

  it('detects every flipped bit at every byte position', () => {
    expect(undetectedBitFlips(sealFrame(format, payload), (damaged) => openFrame(damaged, format))).toEqual([]);
  });

  it('refuses truncations, foreign data and non-bytes with index-corrupt and a reason', () => {
    const bytes = sealFrame(format, payload);
    for (let length = 0; length < bytes.length; length++) expect(damageOutcome(() => openFrame(bytes.subarray(0, length), format))).toBe('index-corrupt');
    for (const value of [undefined, null, 'TEST', [1, 2, 3], new ArrayBuffer(20)]) expect(damageOutcome(() => openFrame(value, format))).toBe('index-corrupt');
    expect(() => openFrame(new Uint8Array(3), format)).toThrow('test file: too short');
    expect(() => openFrame(sealFrame({ ...format, magic: new TextEncoder().encode('NOPE') }, payload), format)).toThrow('test file: bad magic bytes');
  });

  it('names another version, in the details too, even behind a valid checksum', () => {
    const other = resealFrame(sealFrame({ ...format, version: 1 }, payload));
    let caught: unknown;
    try {
      openFrame(other, format);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'index-corrupt', message: 'test file: unsupported format version 1', details: { version: 1 } });
  });
});
