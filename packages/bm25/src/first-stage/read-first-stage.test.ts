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
    const server = (name: string) => found.servers[Array.from(found.docs.subarray(0, found.count)).indexOf(tools.findIndex((tool) => tool.name === name))];
    expect(server('send_email')).toBe(server('read_inbox'));
    expect(server('send_email')).not.toBe(server('get_weather'));
  });

  it('gives a query of one clause as one clause of all its terms, with the same field scores as inside a longer query', () => {
    const ranker = createBm25Ranker();
    ranker.index(tools);
    const view = readFirstStage(ranker)!;
    const alone = view.candidates('read the newest email', 10);
    expect(alone.clauseCount).toBe(0);
    expect(Array.from(alone.clauseStart.subarray(0, 2))).toEqual([0, alone.termCount]);
    expect(Array.from(alone.clauseTerms.subarray(0, alone.termCount))).toEqual(Array.from({ length: alone.termCount }, (_, at) => at));
    const inbox = (found: typeof alone) => Array.from(found.docs.subarray(0, found.count)).indexOf(1);
    const single = { row: inbox(alone), termCount: alone.termCount, scores: alone.termScores.slice(), fields: alone.termFields.slice() };
    // `read the newest email` first, then a clause on the weather: clause coverage picks, and hands the view its postings.
    const both = view.candidates('read the newest email. check the weather', 10);
    expect(both.clauseCount).toBe(2);
    const row = inbox(both);
    for (let term = 0; term < single.termCount; term++) {
      expect(both.termFields[row * both.termCount + term]).toBe(single.fields[single.row * single.termCount + term]);
      for (let part = 0; part <= FIELDS; part++) {
        expect(both.termScores[(row * both.termCount + term) * (1 + FIELDS) + part]).toBe(single.scores[(single.row * single.termCount + term) * (1 + FIELDS) + part]);
      }
    }
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
