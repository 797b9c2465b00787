import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { parseJson } from './parse-json.js';

function messageOf(text: string, lineNumber?: number): string {
  try {
    parseJson(text, 'secrets.json', lineNumber);
  } catch (error) {
    if (isLoadoutError(error)) return error.message;
  }
  throw new Error('expected catalog-invalid-json');
}

describe('parseJson', () => {
  it.each([
    ['hunter2'],
    ['{"token": hunter2}'],
    [`${'h'.repeat(200)} hunter2`],
    ['{"token": "hunter2"} hunter2'],
  ])('names where %j broke and quotes none of it', (text) => {
    const message = messageOf(text);
    expect(message).toMatch(/^secrets\.json: invalid JSON at line 1, column \d+ \(position \d+\): /);
    expect(message).not.toMatch(/hunter2|'h'|"h/);
  });

  it('reports the JSONL line it was given', () => {
    expect(messageOf('{"a": 1,}', 7)).toMatch(/^secrets\.json: invalid JSON at line 7, column \d+: /);
  });
});
