/**
 * UTF-8 by hand, the same bytes as `TextEncoder` and the same strings as a
 * fatal `TextDecoder` (except that a leading byte-order mark is kept, not
 * dropped): core and its plug-ins run in engines that have neither
 * (QuickJS, SpiderMonkey in a WebAssembly component).
 */

/** The UTF-8 bytes of `text`; a lone surrogate becomes U+FFFD, as `TextEncoder` does. */
export function encodeUtf8(text: string): Uint8Array {
  const length = text.length;
  const bytes = new Uint8Array(length * 3);
  let at = 0;
  for (let index = 0; index < length; index++) {
    let code = text.charCodeAt(index);
    if (code < 0x80) {
      bytes[at++] = code;
      continue;
    }
    if (code < 0x800) {
      bytes[at++] = 0xc0 | (code >> 6);
      bytes[at++] = 0x80 | (code & 0x3f);
      continue;
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = index + 1 < length ? text.charCodeAt(index + 1) : 0;
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        index++;
        bytes[at++] = 0xf0 | (code >> 18);
        bytes[at++] = 0x80 | ((code >> 12) & 0x3f);
        bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
        bytes[at++] = 0x80 | (code & 0x3f);
        continue;
      }
      code = 0xfffd;
    }
    bytes[at++] = 0xe0 | (code >> 12);
    bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
    bytes[at++] = 0x80 | (code & 0x3f);
  }
  return bytes.slice(0, at);
}

const CHUNK = 4096;

function isAscii(bytes: Uint8Array): boolean {
  for (let index = 0; index < bytes.length; index++) if (bytes[index]! >= 0x80) return false;
  return true;
}

/** The text `bytes` encode, or `undefined` when they are not well-formed UTF-8 (overlong forms, surrogates, truncated sequences). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  const length = bytes.length;
  if (length <= CHUNK && isAscii(bytes)) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  let text = '';
  const units: number[] = [];
  let index = 0;
  while (index < length) {
    const first = bytes[index]!;
    let code: number;
    if (first < 0x80) {
      code = first;
      index += 1;
    } else if (first >= 0xc2 && first <= 0xdf) {
      const second = bytes[index + 1]!;
      if (index + 1 >= length || (second & 0xc0) !== 0x80) return undefined;
      code = ((first & 0x1f) << 6) | (second & 0x3f);
      index += 2;
    } else if (first >= 0xe0 && first <= 0xef) {
      const second = bytes[index + 1]!;
      const third = bytes[index + 2]!;
      if (index + 2 >= length || (second & 0xc0) !== 0x80 || (third & 0xc0) !== 0x80) return undefined;
      code = ((first & 0x0f) << 12) | ((second & 0x3f) << 6) | (third & 0x3f);
      if (code < 0x800 || (code >= 0xd800 && code <= 0xdfff)) return undefined;
      index += 3;
    } else if (first >= 0xf0 && first <= 0xf4) {
      const second = bytes[index + 1]!;
      const third = bytes[index + 2]!;
      const fourth = bytes[index + 3]!;
      if (index + 3 >= length || (second & 0xc0) !== 0x80 || (third & 0xc0) !== 0x80 || (fourth & 0xc0) !== 0x80) return undefined;
      code = ((first & 0x07) << 18) | ((second & 0x3f) << 12) | ((third & 0x3f) << 6) | (fourth & 0x3f);
      if (code < 0x10000 || code > 0x10ffff) return undefined;
      index += 4;
      code -= 0x10000;
      units.push(0xd800 + (code >> 10));
      code = 0xdc00 + (code & 0x3ff);
    } else return undefined;
    units.push(code);
    if (units.length >= CHUNK) {
      text += String.fromCharCode.apply(null, units);
      units.length = 0;
    }
  }
  return units.length === 0 ? text : text + String.fromCharCode.apply(null, units);
}
