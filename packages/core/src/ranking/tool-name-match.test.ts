import { describe, expect, it } from 'vitest';
import { makeTool } from '../test/index.js';
import { containsWords, toCompactNameKey, toNameKey, toNameWords, toolNameKeys, toolTextKey } from './tool-name-match.js';

describe('toNameWords / toNameKey', () => {
  it('gives every spelling of a name the same word sequence', () => {
    const spellings = ['find_symbol', 'find symbol', 'findSymbol', 'FindSymbol', 'find-symbol', 'FIND_SYMBOL', '  Find   Symbol '];
    expect(new Set(spellings.map(toNameKey))).toEqual(new Set(['find symbol']));
  });

  it('splits acronyms, digits and namespaces', () => {
    expect(toNameWords('HTMLParser')).toEqual(['html', 'parser']);
    expect(toNameWords('oauth2Token')).toEqual(['oauth', '2', 'token']);
    expect(toNameKey('mcp__srv__find_symbol')).toBe('mcp srv find symbol');
    expect(toNameKey('github::createIssue')).toBe('github create issue');
  });

  it('keeps non-ASCII letters and drops punctuation', () => {
    expect(toNameWords('Café-Münster!')).toEqual(['café', 'münster']);
    expect(toNameKey('—')).toBe('');
  });
});

describe('toolNameKeys', () => {
  it('covers own name, display name and API name without duplicates', () => {
    const tool = makeTool({ name: 'find_symbol', server: 'code' });
    expect(toolNameKeys(tool)).toEqual(['findsymbol', 'mcpcodefindsymbol']);
    expect(toolNameKeys(makeTool({ name: 'Read', kind: 'core' }))).toEqual(['read']);
  });

  it('adds the last segment of the own name: after mcp__server__, :: or a dotted identifier, never inside a path', () => {
    expect(toolNameKeys(makeTool({ name: 'Morning Star::articles/list' })).at(-1)).toBe('articleslist');
    expect(toolNameKeys(makeTool({ name: 'Cricbuzz Cricket::teams/get-stats' }))).not.toContain('getstats');
    expect(toolNameKeys(makeTool({ name: 'Image::charcoal__get' })).at(-1)).toBe('charcoalget');
    expect(toolNameKeys(makeTool({ name: 'Image::charcoal__get' }))).not.toContain('get');
    expect(toolNameKeys(makeTool({ name: 'Rewards::7. Get order history' })).at(-1)).toBe('7getorderhistory');
    expect(toolNameKeys(makeTool({ name: 'mcp__srv__find_symbol' })).at(-1)).toBe('findsymbol');
    const keys = toolNameKeys(makeTool({ name: 'music-analysis::beat_track' }));
    expect(keys[0]).toBe('musicanalysisbeattrack');
    expect(keys.at(-1)).toBe('beattrack');
    expect(toolNameKeys(makeTool({ name: 'a/b::getVRGame' })).at(-1)).toBe('getvrgame');
    expect(toolNameKeys(makeTool({ name: 'plain_name' }))).toEqual(['plainname']);
    expect(toolNameKeys(makeTool({ name: 'environmental_data.air_quality_index' })).at(-1)).toBe('airqualityindex');
    expect(toolNameKeys(makeTool({ name: 'MaintenanceConfigurationApi.get_maintenance_config' })).at(-1)).toBe('getmaintenanceconfig');
  });

  it('runs words together so word breaks do not matter', () => {
    expect(new Set(['get vrgame', 'getVRGame', 'get_vr_game', 'GetVrGame', 'getvrgame'].map(toCompactNameKey))).toEqual(new Set(['getvrgame']));
  });

  it('includes the API name when it differs', () => {
    const tool = makeTool({ name: 'send message!', server: 'chat room' });
    expect(tool.apiName).not.toBe(tool.displayName);
    expect(toolNameKeys(tool)).toContain(toCompactNameKey(tool.apiName));
  });
});

describe('containsWords', () => {
  it('matches whole words from a word start; the last word may be a prefix', () => {
    expect(containsWords('search slack s messages', 'slack')).toBe(true);
    expect(containsWords('list github issues', 'git')).toBe(true);
    expect(containsWords('list github issues', 'issue')).toBe(true);
    expect(containsWords('count the digit', 'git')).toBe(false);
    expect(containsWords('find the symbol', 'find symbol')).toBe(false);
    expect(containsWords('find symbol here', 'find symbol')).toBe(true);
    expect(containsWords('anything', '')).toBe(true);
  });
});

describe('toolTextKey', () => {
  it('holds names, server, description and top-level arguments', () => {
    const tool = makeTool({
      name: 'post',
      server: 'slack',
      description: 'Post a message',
      inputSchema: { type: 'object', properties: { channelId: { type: 'string', description: 'Target channel' } } },
    });
    const key = toolTextKey(tool);
    for (const word of ['mcp slack post', 'slack', 'message', 'channel id', 'target channel']) expect(containsWords(key, word)).toBe(true);
  });
});
