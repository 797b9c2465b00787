import { describe, expect, it } from 'vitest';
import { compareSdkVersions, isSdkAtLeast, parseSdkVersion } from './sdk-version.js';
import type { SdkVersion } from './sdk-version.js';

function version(text: string): SdkVersion {
  const parsed = parseSdkVersion(text);
  if (parsed === null) throw new Error(`test version ${text} does not parse`);
  return parsed;
}

describe('parseSdkVersion', () => {
  it('reads MAJOR.MINOR.PATCH with optional v, pre-release and build', () => {
    expect(parseSdkVersion('2.1.221')).toMatchObject({ major: 2, minor: 1, patch: 221, prerelease: [] });
    expect(parseSdkVersion(' v2.1.304-beta.2+build.7 ')).toMatchObject({
      major: 2,
      minor: 1,
      patch: 304,
      prerelease: ['beta', 2],
      text: 'v2.1.304-beta.2+build.7',
    });
  });

  it.each(['', '2', '2.1', '2.1.x', 'latest', '2.1.3.4', '2..1', '-1.0.0', '2.1.3-', '1234567890123456.0.0'])(
    'rejects %j',
    (text) => {
      expect(parseSdkVersion(text)).toBeNull();
    },
  );
});

describe('compareSdkVersions', () => {
  it.each([
    ['2.1.220', '2.1.221', -1],
    ['2.1.221', '2.1.221', 0],
    ['2.1.222', '2.1.221', 1],
    ['2.2.0', '2.1.999', 1],
    ['10.0.0', '9.9.9', 1],
    ['2.1.304-beta.1', '2.1.304', -1],
    ['2.1.304-alpha', '2.1.304-beta', -1],
    ['2.1.304-beta.2', '2.1.304-beta.10', -1],
    ['2.1.304-beta', '2.1.304-beta.1', -1],
    ['2.1.304-1', '2.1.304-alpha', -1],
    ['2.1.304+a', '2.1.304+b', 0],
  ] as const)('%s vs %s is %i', (left, right, expected) => {
    expect(compareSdkVersions(version(left), version(right))).toBe(expected);
    expect(compareSdkVersions(version(right), version(left))).toBe(-expected || 0);
  });
});

describe('isSdkAtLeast', () => {
  it('treats an absent version as the newest', () => {
    expect(isSdkAtLeast(null, '999.0.0')).toBe(true);
  });

  it('is inclusive at the bound', () => {
    expect(isSdkAtLeast(version('2.1.227'), '2.1.227')).toBe(true);
    expect(isSdkAtLeast(version('2.1.226'), '2.1.227')).toBe(false);
  });
});
