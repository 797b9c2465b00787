import { Server } from '@modelcontextprotocol/server';
import type { JSONRPCRequest, Result, ServerContext } from '@modelcontextprotocol/server';
import { readCallArguments } from './read-call-arguments.js';

type RequestHandler = (request: JSONRPCRequest, context: ServerContext) => Promise<Result>;

/**
 * The MCP SDK's `Server`, with one change: a `tools/call` whose `arguments`
 * is not an object (an array, a string, `null`) is answered with the
 * gateway's own -32602 `invalid-input` error ({@link readCallArguments})
 * instead of the SDK's, whose message is its schema validator's issue list.
 * The SDK validates a `tools/call` request in `_wrapHandler`, its hook for
 * subclasses, before the registered handler runs; this checks `arguments`
 * first and leaves everything else (a missing `name`, a bad `_meta`) to it.
 */
export class GatewayServer extends Server {
  protected override _wrapHandler(method: string, handler: RequestHandler): RequestHandler {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return wrapped;
    return async (request, context) => {
      const params = request.params as { name?: unknown; arguments?: unknown } | undefined;
      if (typeof params?.name === 'string') readCallArguments(params.arguments, params.name);
      return wrapped(request, context);
    };
  }
}
