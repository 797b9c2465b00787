import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = fileURLToPath(new URL('.', import.meta.url));
const forbidden = [
  /from\s+['"]node:/,
  /from\s+['"](fs|path|os|crypto|util|url|buffer|child_process|stream|events)['"]/,
  /\bprocess\./,
  /\bBuffer\b/,
  /\brequire\(/,
  /\b__dirname\b/,
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('@loadout/core stays free of Node APIs', () => {
  const files = sourceFiles(sourceRoot);

  it('has sources to check', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files.map((file) => [file.slice(sourceRoot.length), file]))('%s uses no Node API', (_, file) => {
    const text = readFileSync(file, 'utf8');
    const hits = forbidden.filter((pattern) => pattern.test(text)).map(String);
    expect(hits).toEqual([]);
  });

  it('declares no runtime dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(sourceRoot, '..', 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['dependencies'] ?? {}).toEqual({});
  });
});
