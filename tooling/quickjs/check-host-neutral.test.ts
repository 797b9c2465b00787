import { describe, expect, it } from 'vitest';
import { checkHostNeutral, escapesAsData } from './check-host-neutral.js';

const AVAILABLE = new Set(['Map', 'RegExp', 'String']);

describe('checkHostNeutral', () => {
  it('flags a Unicode property escape in a regular expression, literal or built', () => {
    expect(checkHostNeutral('a.js', 'export const a = /\\p{L}+/u;', AVAILABLE)).toHaveLength(1);
    expect(checkHostNeutral('a.js', 'export const a = new RegExp("\\\\p{Lu}", "u");', AVAILABLE)).toHaveLength(1);
    expect(checkHostNeutral('a.js', 'export const a = /\\p\\{([A-Za-z]+)\\}/y;', AVAILABLE)).toEqual([]);
  });

  it('lets the tokenizer carry the rank files’ patterns as data, and nothing else', () => {
    const data = escapesAsData('tokens');
    expect(data).toHaveLength(2);
    const bundle = data.map((pattern, index) => `const p${index} = {pat_str: "${pattern}"};`).join('\n');
    expect(checkHostNeutral('index.js', bundle, AVAILABLE, data)).toEqual([]);
    expect(checkHostNeutral('index.js', bundle, AVAILABLE)).toHaveLength(1);
    expect(checkHostNeutral('index.js', `${bundle}\nconst q = new RegExp(p0.pat_str.slice(0, 9) + "\\\\p{N}", "u");`, AVAILABLE, data)).toHaveLength(1);
    expect(escapesAsData('core')).toEqual([]);
  });
});
