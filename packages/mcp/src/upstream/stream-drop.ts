/**
 * True when an HTTP upstream's transport reports that the response stream of
 * a request broke off (the MCP SDK's `SSE stream disconnected: …`, e.g. its
 * server was killed mid-call). The SDK only reports it: the call it carried
 * keeps waiting for an answer that never comes, until its timeout.
 */
export function isStreamDrop(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('SSE stream disconnected');
}

/**
 * A transport `onerror` handler that, when a response stream broke off
 * ({@link isStreamDrop}), pings the upstream once (one ping at a time,
 * however many streams broke) and calls `onLost` with the reason when that
 * ping fails: a dead server is then reported at once, as a local one that
 * exits is, and its calls in flight fail with it (3447). A server that still
 * answers keeps its connection and its calls. Other errors are ignored.
 */
export function watchStreamDrops(ping: () => Promise<unknown>, onLost: (reason: string) => void): (error: Error) => void {
  let checking = false;
  return (error) => {
    if (checking || !isStreamDrop(error)) return;
    checking = true;
    ping().then(
      () => {
        checking = false;
      },
      (failure: unknown) => {
        checking = false;
        const why = (failure instanceof Error ? failure.message : String(failure)).replace(/^MCP error -?\d+: /, '');
        onLost(`a response stream broke off and a ping failed: ${why}`);
      },
    );
  };
}
