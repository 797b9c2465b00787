import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { classifyCallFailure } from './classify-call-failure.js';
import { GatewayCallError } from './gateway-call-error.js';
import { oversizedResponse } from './oversized-message.js';

const call = { server: 'files', tool: 'read_text_file', timeoutMs: 250 };

function replyError(error: unknown): GatewayCallError {
  const failure = classifyCallFailure(error, call);
  if (failure.reply.kind !== 'error' || !(failure.reply.error instanceof GatewayCallError)) throw new Error(`expected a GatewayCallError reply, got ${JSON.stringify(failure.reply)}`);
  return failure.reply.error;
}

describe('classifyCallFailure', () => {
  it('a timeout counts against that tool, not the upstream (3468), keeps the connection and answers mcp-upstream-timeout', () => {
    const failure = classifyCallFailure(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), call);
    expect(failure).toMatchObject({ breaker: 'slow', failure: 'timed out after 250 ms' });
    expect(failure.lost).toBeUndefined();
    const error = replyError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'));
    expect(error.code).toBe(-32001);
    expect(error.data).toMatchObject({ code: 'mcp-upstream-timeout', server: 'files', tool: 'read_text_file', timeoutMs: 250 });
  });

  it('a connection closed during the call counts against the upstream, loses the connection and answers unavailable', () => {
    expect(classifyCallFailure(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'), call)).toEqual({
      breaker: 'failed',
      failure: 'the connection closed during the call',
      lost: 'the connection closed during a call',
      reply: { kind: 'unavailable', detail: 'closed the connection during the call to "read_text_file"' },
    });
  });

  it('a local server that exited during the call is named by how it exited, not by the closed connection', () => {
    const exit = 'exited with code 3 during the call to "read_text_file"';
    expect(classifyCallFailure(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'), { ...call, exit })).toEqual({
      breaker: 'failed',
      failure: exit,
      lost: exit,
      reply: { kind: 'unavailable', detail: exit },
    });
  });

  it('a transport failure (reset socket, HTTP endpoint down) loses the connection', () => {
    const reset = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(classifyCallFailure(reset, call)).toEqual({ breaker: 'failed', failure: 'write EPIPE', lost: 'a call failed: write EPIPE', reply: { kind: 'unavailable' } });
    expect(classifyCallFailure(new TypeError('fetch failed'), call)).toMatchObject({ breaker: 'failed', lost: 'a call failed: fetch failed' });
  });

  it("an upstream's own error is an answer: it closes the circuit and is passed on with its code", () => {
    const failure = classifyCallFailure(new ProtocolError(ProtocolErrorCode.InvalidParams, 'no such file', { path: '/x' }), call);
    expect(failure.breaker).toBe('answered');
    expect(failure.lost).toBeUndefined();
    const error = replyError(new ProtocolError(ProtocolErrorCode.InvalidParams, 'no such file', { path: '/x' }));
    expect(error.code).toBe(-32602);
    expect(error.message).toBe('no such file');
    expect(error.data).toEqual({ code: 'mcp-upstream-error', server: 'files', tool: 'read_text_file' });
  });

  it("an upstream's own error keeps its code, masks credentials in its message and leaves its data (a stack, a password) behind (3468, #14)", () => {
    const upstream = new ProtocolError(-32099, 'backend failed: postgres://admin:hunter2@db/prod password=pw123', { stack: 'Error: x\n    at /srv/app/secret.js:1:1', password: 'pw123' });
    const error = replyError(upstream);
    expect(error.code).toBe(-32099);
    expect(error.message).toBe('backend failed: postgres://***@db/prod password=***');
    expect(error.data).toEqual({ code: 'mcp-upstream-error', server: 'files', tool: 'read_text_file' });
    expect(JSON.stringify(error.data)).not.toMatch(/pw123|secret\.js|hunter2/);
  });

  it('a result over the message limit is that call\'s alone: answered, connection kept, mcp-result-too-large with its size', () => {
    const response = oversizedResponse({ id: 7, bytes: 12_582_986, limit: 10_485_760 });
    if (!('error' in response)) throw new Error('expected an error response');
    const protocolError = new ProtocolError(response.error.code, response.error.message, response.error.data);
    const failure = classifyCallFailure(protocolError, call);
    expect(failure.breaker).toBe('answered');
    expect(failure.lost).toBeUndefined();
    const error = replyError(protocolError);
    expect(error.code).toBe(-32603);
    expect(error.data).toEqual({ code: 'mcp-result-too-large', server: 'files', tool: 'read_text_file', bytes: 12_582_986, limit: 10_485_760 });
    expect(error.message).toContain('12582986 bytes, more than the limit of 10485760');
  });

  it('an invalid result is answered with mcp-invalid-result and does not count against the upstream', () => {
    const failure = classifyCallFailure(new SdkError(SdkErrorCode.InvalidResult, 'Invalid result for tools/call: bad'), call);
    expect(failure).toMatchObject({ breaker: 'answered' });
    expect(replyError(new SdkError(SdkErrorCode.InvalidResult, 'bad')).data).toMatchObject({ code: 'mcp-invalid-result' });
  });

  it("an invalid result's schema problems are one line: the first problem's path and message, and how many more (3468, #14)", () => {
    const issues = [
      { expected: 'array', code: 'invalid_type', path: ['content'], message: 'Invalid input: expected array, received string' },
      { expected: 'string', code: 'invalid_type', path: ['structuredContent', 'x'], message: 'Invalid input: expected string' },
    ];
    const dump = `Invalid result for tools/call: ${JSON.stringify(issues, null, 2)}`;
    expect(replyError(new SdkError(SdkErrorCode.InvalidResult, dump)).message).toBe(
      'upstream server "files" answered "read_text_file" with an invalid result: content: Invalid input: expected array, received string (and 1 more problem)',
    );
    const zodError = Object.assign(new Error(JSON.stringify(issues.slice(0, 1))), { name: 'ZodError', issues: issues.slice(0, 1) });
    expect(replyError(zodError).message).toBe('upstream server "files" answered "read_text_file" with an invalid result: content: Invalid input: expected array, received string');
    expect(replyError(new SdkError(SdkErrorCode.InvalidResult, 'Invalid result for tools/call: not an object')).message).toMatch(/invalid result: Invalid result for tools\/call: not an object$/);
  });

  it("the caller's cancellation is rethrown as is and decides nothing", () => {
    const abort = Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    expect(classifyCallFailure(abort, call)).toEqual({ breaker: 'neutral', reply: { kind: 'error', error: abort } });
  });

  // 3447: a 2026-07-28 client closing its request aborts the handler with a closed-connection error, a plain abort
  // reaches the call as a timeout; neither may restart the upstream or count towards its circuit breaker.
  it.each([
    ['a closed request (ConnectionClosed)', new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed')],
    ['a plain abort (wrapped as RequestTimeout)', new SdkError(SdkErrorCode.RequestTimeout, 'AbortError: This operation was aborted')],
    ['an AbortError', Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })],
  ])("a call its caller cancelled, by %s, decides nothing, keeps the connection and answers cancelled", (_case, error) => {
    const failure = classifyCallFailure(error, { ...call, cancelled: true });
    expect(failure).toMatchObject({ breaker: 'neutral', reply: { kind: 'error' } });
    expect(failure.lost).toBeUndefined();
    expect(failure.failure).toBeUndefined();
    const reply = (failure.reply as { error: GatewayCallError }).error;
    expect(reply.data).toEqual({ code: 'cancelled', server: 'files', tool: 'read_text_file' });
    expect(reply.message).toBe('the call to tool "read_text_file" of upstream server "files" was cancelled by its caller; the upstream was told (notifications/cancelled)');
  });

  it("a failure of the gateway's own leaves the upstream alone and is logged", () => {
    const failure = classifyCallFailure(new RangeError('Invalid string length'), call);
    expect(failure.breaker).toBe('neutral');
    expect(failure.lost).toBeUndefined();
    expect(failure.warn).toBe('upstream "files": a call of "read_text_file" failed locally (the upstream is untouched): Invalid string length');
    expect(replyError(new RangeError('Invalid string length')).data).toEqual({ code: 'internal', server: 'files', tool: 'read_text_file' });
  });
});
