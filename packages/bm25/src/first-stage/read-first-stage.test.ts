import { describe, expect, it } from 'vitest';
import { createCatalog } from '@loadout/core';
import { makeTool } from '@loadout/core/test';
import { createBm25Ranker } from '../bm25f/create-bm25-ranker.js';
import { TOOL_FIELDS } from '../analyzer/tool-fields.js';
import { readFirstStage } from './read-first-stage.js';

const FIELDS = TOOL_FIELDS.length;
const tools = createCatalog([
  makeTool({ name: 'send_email', server: 'mail', description: 'Send an email message to a contact.' }),
  makeTool({ name: 'read_inbox', server: 'mail', description: 'Read the newest email in the inbox.' }),
  makeTool({ name: 'get_weather', server: 'weather', description: 'Weather forecast for a city.' }),
]).tools;

describe('readFirstStage', () => {
  it('is undefined for anything but a ranker from createBm25Ranker', () => {
    expect(readFirstStage({})).toBeUndefined();
  });

  it('gives the candidates search ranks, with each term field by field', () => {
    const ranker = createBm25Ranker();
    ranker.index(tools);
    const view = readFirstStage(ranker)!;
    const found = view.candidates('send email. check the weather', 10);
    const hits = ranker.search('send email. check the weather', { limit: 10 });
    expect(Array.from(found.docs.subarray(0, found.count), (doc) => view.tools[doc]!.name)).toEqual(hits.map((hit) => hit.tool.name));
    expect(Array.from(found.scores.subarray(0, found.count))).toEqual(hits.map((hit) => hit.score));
    expect(found.termCount).toBe(3); // `check` is in no tool
    expect(found.clauseCount).toBe(2);
    expect(found.clauseTexts()).toEqual(['send email.', 'check the weather']);
    const send = Array.from(found.docs.subarray(0, found.count)).indexOf(0);
    const term = (at: number) => found.termFields[send * found.termCount + at]!;
    // `send` is in send_email's name and description, `weather` in neither.
    expect(term(0)).toBe((1 << TOOL_FIELDS.indexOf('name')) | (1 << TOOL_FIELDS.indexOf('description')));
    expect(term(2)).toBe(0);
    expect(found.termScores[(send * found.termCount + 2) * (1 + FIELDS)]).toBe(0);
    expect(found.termScores[(send * found.termCount) * (1 + FIELDS)]).toBeGreaterThan(0);
    expect([found.nameWords[send], found.nameWordsMatched[send], found.nameTermsMatched[send]]).toEqual([2, 2, 2]);
    expect(found.fieldLengths[send * FIELDS + TOOL_FIELDS.indexOf('description')]).toBeGreaterThan(0);
    expect(Array.from(found.termsInIndexOrder.subarray(0, found.termCount)).sort()).toEqual([0, 1, 2]);
  });

  it('follows the index through add and remove', () => {
    const ranker = createBm25Ranker();
    ranker.index(tools.slice(0, 2));
    const view = readFirstStage(ranker)!;
    expect(view.candidates('weather', 5).count).toBe(0);
    ranker.add([tools[2]!]);
    expect(view.tools).toHaveLength(3);
    const found = view.candidates('weather', 5);
    expect(view.tools[found.docs[0]!]!.name).toBe('get_weather');
  });
});
