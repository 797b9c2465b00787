import { isLoadoutError } from '@loadout/core';
import { makeTool } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { createToolAnalyzer } from './create-tool-analyzer.js';
import type { ToolAnalyzerOptions } from './create-tool-analyzer.js';
import { extractToolFields } from './tool-fields.js';

describe('createToolAnalyzer', () => {
  const analyzer = createToolAnalyzer();

  it('drops stopwords from queries only', () => {
    expect(analyzer.analyzeQuery('Send a message to the team')).toEqual(['send', 'message', 'team']);
    expect(analyzer.analyzeText('Send a message to the team')).toEqual(['send', 'a', 'message', 'to', 'the', 'team']);
  });

  it('accepts a custom stopword list, case-insensitively', () => {
    expect(createToolAnalyzer({ stopwords: ['Send'] }).analyzeQuery('send the file')).toEqual(['the', 'file']);
    expect(createToolAnalyzer({ stopwords: [] }).analyzeQuery('to be')).toEqual(['to', 'be']);
  });

  it('reduces plurals to the singular in tool text and queries alike, unless stemming is off', () => {
    expect(analyzer.analyzeQuery('searching messages and queries')).toEqual(['searching', 'message', 'query']);
    expect(analyzer.analyzeText('listFiles of its status')).toEqual(['list', 'file', 'of', 'its', 'status', 'listfile']);
    expect(createToolAnalyzer({ stemming: 'off' }).analyzeQuery('searching messages')).toEqual(['searching', 'messages']);
    expect(createToolAnalyzer({ stemming: 'off' }).signature).not.toBe(analyzer.signature);
  });

  it('analyses each field of a tool', () => {
    const tool = makeTool({
      name: 'send_message',
      server: 'slack',
      description: 'Post a message to a channel',
      inputSchema: {
        type: 'object',
        properties: {
          channelId: { type: 'string', description: 'Target channel' },
          options: { type: 'object', properties: { threadTs: { type: 'string', description: 'Reply in thread' } } },
          attachments: { type: 'array', items: { type: 'object', properties: { fileName: { type: 'string' } } } },
        },
      },
    });
    expect(analyzer.analyzeTool(tool)).toEqual({
      name: ['send', 'message', 'sendmessage'],
      description: ['post', 'a', 'message', 'to', 'a', 'channel'],
      parameterNames: ['channel', 'id', 'option', 'thread', 'ts', 'attachment', 'file', 'name', 'channelid', 'threadt', 'filename'],
      parameterDescriptions: ['target', 'channel', 'reply', 'in', 'thread'],
      server: ['slack'],
      usage: [],
    });
  });

  it('reads nested arguments only down to schemaDepth', () => {
    const tool = makeTool({
      inputSchema: { type: 'object', properties: { outer: { type: 'object', properties: { inner: { type: 'string' } } } } },
    });
    expect(extractToolFields(tool, 1).parameterNames).toBe('outer');
    expect(extractToolFields(tool, 2).parameterNames).toBe('outer inner');
  });

  it('keeps a display name that is not the MCP form in the name field', () => {
    const builtin = makeTool({ name: 'Read', kind: 'core' });
    expect(extractToolFields(builtin, 3).name).toBe('Read');
    const mcp = makeTool({ name: 'find_symbol', server: 'code' });
    expect(extractToolFields(mcp, 3)).toMatchObject({ name: 'find_symbol', server: 'code' });
  });

  it('has a signature that changes with index-time options only', () => {
    expect(createToolAnalyzer({ stopwords: ['x'] }).signature).toBe(analyzer.signature);
    expect(createToolAnalyzer({ keepCompounds: false }).signature).not.toBe(analyzer.signature);
    expect(createToolAnalyzer({ schemaDepth: 1 }).signature).not.toBe(analyzer.signature);
  });

  it('rejects invalid options with invalid-option', () => {
    try {
      createToolAnalyzer({ schemaDepth: 0 });
      expect.unreachable();
    } catch (error) {
      expect(isLoadoutError(error) && error.code).toBe('invalid-option');
      expect(String(error)).toContain('schemaDepth');
    }
  });

  it('refuses what a JSON config could hold that is not an option, naming it', () => {
    const cases: [unknown, string][] = [
      ['plural', 'must be a ToolAnalyzer or its options, an object (got "plural")'],
      [null, 'an object (got null)'],
      [{ stemmer: 'off' }, 'analyzer has no option "stemmer"'],
      [{ stopwords: 'the' }, 'stopwords must be a list of words (got "the")'],
      [{ stopwords: ['the', 1] }, 'stopwords must be a list of words'],
      [{ keepCompounds: 'no' }, 'keepCompounds must be true or false (got "no")'],
    ];
    for (const [options, message] of cases) {
      expect(() => createToolAnalyzer(options as ToolAnalyzerOptions)).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining(message) }));
    }
    expect(createToolAnalyzer({ stopwords: new Set(['open']), splitDigits: false }).analyzeQuery('open issue2')).toEqual(['issue2']);
    // A one-shot iterable is read once, not consumed by the check.
    const words = (function* () {
      yield 'open';
    })();
    expect(createToolAnalyzer({ stopwords: words }).analyzeQuery('open issue')).toEqual(['issue']);
  });
});
