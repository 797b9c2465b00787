import { gzipSync } from 'node:zlib';

/** Bytes of `content` gzipped with zlib at level 9, the most a server would squeeze it. */
export function gzipSize(content: string | Uint8Array): number {
  return gzipSync(content, { level: 9 }).byteLength;
}

/** `12.3 kB` (1 kB = 1,000 bytes). */
export function formatSize(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
