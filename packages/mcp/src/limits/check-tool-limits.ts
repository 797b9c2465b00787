import { jsonDepth } from '@loadout/core/utils';
import type { GatewayLimits } from './gateway-limits.js';

/**
 * Why an upstream tool definition is over a listing limit (depth, JSON size,
 * description length), or undefined when it is within them. Such a tool is
 * skipped before validation or indexing: a definition nested 10,000 levels
 * deep would otherwise break every search result and `tools/list` that
 * carried it.
 */
export function toolOverLimit(raw: unknown, limits: GatewayLimits): string | undefined {
  const depth = jsonDepth(raw, limits.maxToolDepth);
  if (depth > limits.maxToolDepth) return `its definition nests deeper than ${limits.maxToolDepth} levels`;
  let bytes: number;
  try {
    bytes = Buffer.byteLength(JSON.stringify(raw) ?? '');
  } catch {
    return 'its definition is not JSON';
  }
  if (bytes > limits.maxToolBytes) return `its definition is ${bytes} bytes of JSON, more than ${limits.maxToolBytes}`;
  const description = typeof raw === 'object' && raw !== null ? (raw as { description?: unknown }).description : undefined;
  if (typeof description === 'string' && description.length > limits.maxDescriptionLength) {
    return `its description is ${description.length} characters, more than ${limits.maxDescriptionLength}`;
  }
  return undefined;
}
