import { isLoadoutError } from '@loadout/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElementWorker, elementWorkerUrl, TRUSTED_TYPES_POLICY, workerStartError } from './element-worker.js';

afterEach(() => vi.unstubAllGlobals());

const url = new URL('https://site.example/loadout/loadout-search-worker.js');
const answer = (body: string, status = 200) => () => Promise.resolve(new Response(body, { status }));

describe('workerStartError', () => {
  it('names the worker URL and says to copy the worker when it is not served', async () => {
    const error = await workerStartError(url, '', answer('not found', 404));
    expect(error.code).toBe('unsupported-environment');
    expect(error.message).toBe(
      '<loadout-search>: the engine worker https://site.example/loadout/loadout-search-worker.js did not start: it answered HTTP 404: copy loadout-search-worker.js and element-chunks/ from @loadout/browser/dist beside element.js (or your bundle)',
    );
    expect((await workerStartError(url, '', answer('<!doctype html><p>app</p>'))).message).toMatch(/did not start: it answered an HTML page, not the worker script: copy/);
  });

  it('blames a chunk of element-chunks/ when the worker itself is served', async () => {
    const error = await workerStartError(url, 'Failed to fetch', answer('import "./element-chunks/a.js";'));
    expect(error.message).toBe(
      '<loadout-search>: the engine worker https://site.example/loadout/loadout-search-worker.js did not start (Failed to fetch): the worker script is served, so a chunk of element-chunks/ it imports failed to load: copy element-chunks/ from @loadout/browser/dist beside it',
    );
  });
});

describe('createElementWorker', () => {
  class RefusingWorker {
    constructor(script: unknown) {
      if (typeof script === 'string') throw new TypeError("Failed to construct 'Worker': This document requires 'TrustedScriptURL' assignment.");
    }
  }

  it('under Trusted Types that refuse its policy, throws unsupported-environment saying what the CSP needs', () => {
    vi.stubGlobal('Worker', RefusingWorker);
    vi.stubGlobal('trustedTypes', {
      createPolicy: () => {
        throw new TypeError(`Failed to execute 'createPolicy': Policy "${TRUSTED_TYPES_POLICY}" disallowed.`);
      },
    });
    let thrown: unknown;
    try {
      createElementWorker();
    } catch (error) {
      thrown = error;
    }
    expect(isLoadoutError(thrown) && thrown.code).toBe('unsupported-environment');
    expect((thrown as Error).message).toMatch(/could not be created \(.*TrustedScriptURL.*\); .*add loadout-search to the trusted-types directive of the Content-Security-Policy$/);
  });

  it('passes its worker URL through the loadout-search policy, which allows no other URL', () => {
    const scripts: unknown[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(script: unknown) {
          scripts.push(script);
        }
      },
    );
    let rules: { createScriptURL(url: string): string } | undefined;
    vi.stubGlobal('trustedTypes', {
      createPolicy: (name: string, given: typeof rules) => {
        expect(name).toBe(TRUSTED_TYPES_POLICY);
        rules = given;
        return { createScriptURL: (input: string) => ({ trusted: given!.createScriptURL(input) }) };
      },
    });
    createElementWorker();
    expect(scripts).toEqual([{ trusted: elementWorkerUrl().href }]);
    expect(() => rules!.createScriptURL('https://evil.example/x.js')).toThrow(/only allows/);
  });
});
