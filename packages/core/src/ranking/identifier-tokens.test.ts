import { describe, expect, it } from 'vitest';
import { makeTool } from '../test/index.js';
import { identifierTokens, toolSpellings } from './identifier-tokens.js';

describe('identifierTokens', () => {
  it.each([
    ['create_branch for this change', ['create_branch']],
    ['ship `create_branch`, then merge_pull_request.', ['create_branch', 'merge_pull_request']],
    ['use mcp__github__create_branch please', ['mcp__github__create_branch']],
    ['call math.factorial: now', ['math.factorial']],
    ['try filesystem::write_file (twice)', ['filesystem::write_file']],
    ['"send-email" or send_email or findSymbol?', ['send-email', 'send_email', 'findsymbol']],
    ['Create_Branch and create_branch', ['create_branch']],
    ['see /QandA and GET_players-playerId', ['qanda', 'get_players-playerid']],
  ])('%j has the identifiers %j', (text, tokens) => {
    expect(identifierTokens(text)).toEqual(tokens);
  });

  it.each([
    'create a branch for this change',
    'Branch BRANCH branch.',
    'call +1 555-0100 at 1.5 or 2026-12-08',
    '_ __ - :: . ...',
    'end of sentence. Next one: here',
  ])('finds no identifier in %j', (text) => {
    expect(identifierTokens(text)).toEqual([]);
  });
});

describe('toolSpellings', () => {
  it('lists the names and the last segment as written, in lower case, without edge punctuation', () => {
    expect(toolSpellings(makeTool({ name: 'create_branch', server: 'github' }))).toEqual(['create_branch', 'mcp__github__create_branch']);
    const path = makeTool({ name: 'Real Estate Exam::/QandA' });
    expect(toolSpellings(path)).toEqual(['real estate exam::/qanda', path.apiName.toLowerCase(), 'qanda']);
    const dotted = makeTool({ name: 'environmental_data.air_quality_index' });
    expect(toolSpellings(dotted)).toEqual(['environmental_data.air_quality_index', dotted.apiName.toLowerCase(), 'air_quality_index']);
  });

  it('keeps word breaks: a token names a tool only as spelled', () => {
    const spellings = toolSpellings(makeTool({ name: 'checkIn' }));
    expect(spellings).toEqual(['checkin']);
    expect(identifierTokens('check-in at noon').some((token) => spellings.includes(token))).toBe(false);
    expect(identifierTokens('use checkIn').some((token) => spellings.includes(token))).toBe(true);
  });
});
