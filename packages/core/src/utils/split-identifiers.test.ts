import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASCII_PATTERNS, UNICODE_PATTERNS, splitIdentifiers, splitIdentifiersWith } from './split-identifiers.js';
import type { SplitIdentifiersOptions } from './split-identifiers.js';

const defaults: SplitIdentifiersOptions = { keepCompounds: true, splitDigits: true, maxCompoundLength: 48 };
const split = (text: string, options: Partial<SplitIdentifiersOptions> = {}): string[] => splitIdentifiers(text, { ...defaults, ...options });

describe('splitIdentifiers', () => {
  it('splits snake, kebab, namespaces and paths, keeping the joined compound', () => {
    expect(split('find_symbol')).toEqual(['find', 'symbol', 'findsymbol']);
    expect(split('get-user-profile')).toEqual(['get', 'user', 'profile', 'getuserprofile']);
    expect(split('a/b.c')).toEqual(['a', 'b', 'c', 'abc']);
  });

  it('splits camelCase, PascalCase and acronyms', () => {
    expect(split('createIssue')).toEqual(['create', 'issue', 'createissue']);
    expect(split('HTMLParser')).toEqual(['html', 'parser', 'htmlparser']);
    expect(split('getURL')).toEqual(['get', 'url', 'geturl']);
  });

  it('gives every spelling of an identifier the same compound', () => {
    const compound = (text: string): string | undefined => split(text).at(-1);
    expect(new Set(['find_symbol', 'findSymbol', 'FindSymbol', 'find-symbol', 'FIND_SYMBOL'].map(compound))).toEqual(new Set(['findsymbol']));
  });

  it('adds compounds of namespace segments split at ::, __, . and /', () => {
    expect(split('github::createIssue')).toEqual(['github', 'create', 'issue', 'createissue', 'githubcreateissue']);
    expect(split('mcp__slack__send_message')).toEqual(['mcp', 'slack', 'send', 'message', 'sendmessage', 'mcpslacksendmessage']);
  });

  it('splits letters from digits unless told not to', () => {
    expect(split('oauth2Token')).toEqual(['oauth', '2', 'token', 'oauth2token']);
    expect(split('oauth2Token', { splitDigits: false })).toEqual(['oauth2', 'token', 'oauth2token']);
  });

  it('lower-cases plain words and drops punctuation', () => {
    expect(split("Search Slack's messages, by date!")).toEqual(['search', 'slack', 's', 'messages', 'by', 'date']);
  });

  it('handles non-ASCII letters', () => {
    expect(split('Café_Münster')).toEqual(['café', 'münster', 'cafémünster']);
  });

  it('reads Han, kana and Hangul runs as overlapping character pairs, with no compound', () => {
    expect(split('使用必应搜索')).toEqual(['使用', '用必', '必应', '应搜', '搜索']);
    expect(split('天')).toEqual(['天']);
    expect(split('ニュース検索')).toEqual(['ニュ', 'ュー', 'ース', 'ス検', '検索']);
    expect(split('날씨 조회')).toEqual(['날씨', '조회']);
    expect(split('用GitHub创建')).toEqual(['用', 'git', 'hub', '创建']);
    expect(split('github_创建问题')).toEqual(['github', '创建', '建问', '问题']);
    expect(split('weather.查询天气')).toEqual(['weather', '查询', '询天', '天气']);
    expect(split('Стандартный_поиск')).toEqual(['стандартный', 'поиск', 'стандартныйпоиск']);
  });

  it('omits compounds when keepCompounds is false, and overlong compounds always', () => {
    expect(split('find_symbol', { keepCompounds: false })).toEqual(['find', 'symbol']);
    expect(split('https://example.com/a/very/long/path', { maxCompoundLength: 10 })).toEqual(['https', 'example', 'com', 'a', 'very', 'long', 'path']);
  });

  it('gives the same tokens with ASCII and Unicode patterns on ASCII text', () => {
    const text = fc.string({ unit: fc.constantFrom(...'aAbZz09_-./: ,!xYq'.split('')), maxLength: 40 });
    fc.assert(
      fc.property(text, fc.boolean(), fc.boolean(), (value, keepCompounds, splitDigits) => {
        const options = { ...defaults, keepCompounds, splitDigits };
        expect(splitIdentifiersWith(value, options, ASCII_PATTERNS)).toEqual(splitIdentifiersWith(value, options, UNICODE_PATTERNS));
      }),
      { numRuns: 500 },
    );
  });
});
