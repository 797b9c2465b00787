/** The gateway's own error codes since 3302, added to core's without editing its list. */
declare module '@loadout/core' {
  interface LoadoutErrorCodeRegistry {
    /** A search was not queued: its client already has as many searches waiting as the gateway queues for one client (or every client together as it queues in all). */
    'ranker-busy': true;
    /** A failure inside the gateway, not on a connection: a call it could not complete (-32603), or an HTTP request that failed after its body was read (500, 3439). */
    internal: true;
    /** HTTP 401: the request carries no bearer token, or one the gateway does not accept (3439). */
    'gateway-unauthorized': true;
    /** HTTP 403: the request's `Host` or `Origin` is not allowed (DNS rebinding, other sites) (3439). */
    'gateway-forbidden': true;
    /** HTTP 404 (-32001): the `mcp-session-id` names no session this client may use: closed, evicted, timed out or another client's; initialize again (3439). */
    'mcp-session-not-found': true;
    /** HTTP 503: the gateway is still starting (its upstream servers are connecting); retry after `data.retryAfterSeconds` (3442). */
    'gateway-starting': true;
    /** HTTP 503: all connections are open, or the client (its token, else its address) holds its share; the connection is closed, retry after `data.retryAfterSeconds` (3442). */
    'gateway-too-many-connections': true;
    /** HTTP 408: the request's headers or its whole body did not arrive within their deadlines (`--headers-timeout`, `--request-timeout`); it was not run, the connection is closed (3442). */
    'gateway-request-timeout': true;
    /** An upstream answered a call with its own JSON-RPC error: passed on with its code and message (URLs redacted), `data.server` and `data.tool`; its `data` is not (3468). */
    'mcp-upstream-error': true;
  }
}

export {};
