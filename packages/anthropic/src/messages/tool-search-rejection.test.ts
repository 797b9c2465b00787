import { APIError, BadRequestError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { toolSearchRejection } from './tool-search-rejection.js';

function badRequest(message: string, status = 400): APIError {
  return APIError.generate(status, { type: 'error', error: { type: 'invalid_request_error', message } }, undefined, new Headers());
}

describe('toolSearchRejection', () => {
  it.each([
    ["Tool reference 'mcp__slack__send' not found in available tools", 'reference-not-found'],
    ['At least one tool must have defer_loading=false. All tools cannot be deferred.', 'all-deferred'],
    ['tools.3.defer_loading: Extra inputs are not permitted', 'unsupported'],
    ["messages.2.content.0.content.0: Input tag 'tool_reference' found using 'type' does not match any of the expected tags", 'unsupported'],
    ["tools.0: Input tag 'tool_search_tool_bm25_20251119' found using 'type' does not match", 'unsupported'],
    ['Unexpected value(s) `advanced-tool-use-2025-11-20` for the `anthropic-beta` header.', 'unsupported'],
  ])('recognises the 400 %j', (message, kind) => {
    const error = badRequest(message);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(toolSearchRejection(error)).toEqual({ kind, status: 400, message });
  });

  it('ignores other 400s, other statuses and non-API errors', () => {
    expect(toolSearchRejection(badRequest('max_tokens: Field required'))).toBeNull();
    expect(toolSearchRejection(badRequest("Tool reference 'x' not found in available tools", 500))).toBeNull();
    expect(toolSearchRejection(new Error('defer_loading'))).toBeNull();
    expect(toolSearchRejection(null)).toBeNull();
  });

  it('reads look-alike errors from another copy of the SDK', () => {
    const copy = { status: 400, error: { type: 'error', error: { type: 'invalid_request_error', message: 'defer_loading is not supported' } } };
    expect(toolSearchRejection(copy)?.kind).toBe('unsupported');
    expect(toolSearchRejection({ status: 400, message: "400 Tool reference 'a' not found in available tools" })?.kind).toBe('reference-not-found');
  });
});
