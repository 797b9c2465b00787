import type { Gateway } from '../gateway/gateway.js';

/** The JSON of `GET /healthz`: small, without names or secrets, for a load balancer's checks. */
export interface HealthStatus {
  /** `starting` while the upstreams start (HTTP 503), `serving` once the gateway answers (HTTP 200), `stopping` once it shuts down (HTTP 503). */
  readonly status: 'starting' | 'serving' | 'stopping';
  /** Upstreams connected, and configured. */
  readonly upstreams?: { readonly ready: number; readonly total: number };
  /** Tools in the searched index, and its generation (replicas of one config converge on the same count). */
  readonly tools?: number;
  readonly generation?: number;
}

/** `GET /healthz`: 503 `starting` until `gateway` exists, 503 `stopping` once shutdown started, then 200 with what it serves (an upstream still reconnecting does not make it unhealthy: its calls fail, searches go on). */
export function healthStatus(gateway: Gateway | undefined, stopping = false): { readonly code: 200 | 503; readonly body: HealthStatus } {
  if (stopping) return { code: 503, body: { status: 'stopping' } };
  if (gateway === undefined) return { code: 503, body: { status: 'starting' } };
  const upstreams = gateway.upstreams();
  return {
    code: 200,
    body: {
      status: 'serving',
      upstreams: { ready: upstreams.filter((upstream) => upstream.state === 'ready').length, total: upstreams.length },
      tools: gateway.index.catalog.tools.length,
      generation: gateway.index.version,
    },
  };
}
