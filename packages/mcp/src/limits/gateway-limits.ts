import { integerOption } from '@loadout/core/utils';

/**
 * What the gateway accepts from clients and upstreams. Every limit has a
 * stable error code (`data.code` of the JSON-RPC error, or the log line of a
 * skipped tool) and a default far above real use and far below where
 * serialising would fail (recursion overflows at a few thousand levels).
 */
export interface GatewayLimits {
  /** Deepest `arguments` a client may send to a tool (an object is 1). Deeper: -32602 `mcp-arguments-too-deep`. 1–10,000; default 64. */
  readonly maxArgumentDepth: number;
  /** Largest `arguments`, as UTF-8 JSON bytes. Larger: -32602 `mcp-arguments-too-large`. 2–1,073,741,824; default 4,194,304 (4 MiB). */
  readonly maxArgumentBytes: number;
  /** Deepest result an upstream may answer with. Deeper: -32603 `mcp-invalid-result` to that caller only. 1–10,000; default 256. */
  readonly maxResultDepth: number;
  /**
   * Deepest upstream tool definition (the tool object is 1, its
   * `inputSchema` 2, …; the deepest of 10,193 real tools is 11). Deeper:
   * the tool is skipped and logged (`mcp-tool-over-limit`). 4–10,000; default 64.
   */
  readonly maxToolDepth: number;
  /** Largest upstream tool definition, as UTF-8 JSON bytes (real tools: under 10 KB). Larger: skipped. 256–67,108,864; default 262,144. */
  readonly maxToolBytes: number;
  /** Longest upstream tool description, in UTF-16 code units (real tools: under 8,100). Longer: skipped. 1–1,048,576; default 16,384. */
  readonly maxDescriptionLength: number;
  /** Most tools listed from one upstream; the rest (in listing order) are dropped and logged. 1–10,000; default 10,000. */
  readonly maxToolsPerServer: number;
  /**
   * Largest message a local (stdio) upstream may send, as UTF-8 bytes (the
   * MCP SDK's own stdio limit is 10 MiB, beyond which it drops the
   * connection). Larger: dropped as it streams in, never held whole; the
   * call it answers fails with -32603 `mcp-result-too-large` (its size and
   * this limit in `data`), the connection and other calls carry on.
   * 1,024–1,073,741,824; default 10,485,760 (10 MiB).
   */
  readonly maxMessageBytes: number;
  /**
   * Largest `tools/list` page from a local upstream, as UTF-8 bytes (at
   * least `maxMessageBytes` applies). Larger: the listing keeps the pages
   * before it, skips that page and the rest, and logs it
   * (`mcp-tool-over-limit`); the upstream stays connected.
   * 1,024–1,073,741,824; default 67,108,864 (64 MiB, room for 10,000 tools of 6 KB).
   */
  readonly maxListingBytes: number;
}

/** The default {@link GatewayLimits}. */
export const DEFAULT_GATEWAY_LIMITS: GatewayLimits = Object.freeze({
  maxArgumentDepth: 64,
  maxArgumentBytes: 4_194_304,
  maxResultDepth: 256,
  maxToolDepth: 64,
  maxToolBytes: 262_144,
  maxDescriptionLength: 16_384,
  maxToolsPerServer: 10_000,
  maxMessageBytes: 10_485_760,
  maxListingBytes: 67_108_864,
});

const RANGES: Record<keyof GatewayLimits, readonly [number, number]> = {
  maxArgumentDepth: [1, 10_000],
  maxArgumentBytes: [2, 1_073_741_824],
  maxResultDepth: [1, 10_000],
  maxToolDepth: [4, 10_000],
  maxToolBytes: [256, 67_108_864],
  maxDescriptionLength: [1, 1_048_576],
  maxToolsPerServer: [1, 10_000],
  maxMessageBytes: [1024, 1_073_741_824],
  maxListingBytes: [1024, 1_073_741_824],
};

/** The defaults with `overrides` applied; throws `invalid-option` (naming `limits.<key>`) for a value out of range. */
export function resolveGatewayLimits(overrides: Partial<GatewayLimits> = {}): GatewayLimits {
  const resolved = { ...DEFAULT_GATEWAY_LIMITS };
  for (const key of Object.keys(RANGES) as (keyof GatewayLimits)[]) {
    const [min, max] = RANGES[key];
    resolved[key] = integerOption('@loadout/mcp', `limits.${key}`, overrides[key], DEFAULT_GATEWAY_LIMITS[key], min, max);
  }
  return Object.freeze(resolved);
}
