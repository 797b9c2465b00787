/** The host of the first-party Messages API. */
export const FIRST_PARTY_API_HOST = 'api.anthropic.com';

/** What `ANTHROPIC_BASE_URL` points at; see {@link classifyBaseUrl}. */
export interface BaseUrlInfo {
  /** `unset` (absent or blank), `first-party` (host `api.anthropic.com`) or `gateway` (any other host, or unparsable). */
  readonly kind: 'unset' | 'first-party' | 'gateway';
  /** The lower-cased host, or null when unset or unparsable. */
  readonly host: string | null;
  /** False when a non-blank value is not an `http(s)://host…` URL; it is then treated as a gateway. */
  readonly valid: boolean;
  /** The value as given, or null when absent. */
  readonly raw: string | null;
}

const URL_START = /^(https?):\/\/([^/?#]*)/i;
const REG_NAME = /^[a-z0-9\-._~%!$&'()*+,;=]+$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

function readHost(authority: string): string | null {
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  let host = hostAndPort;
  let port = '';
  if (hostAndPort.startsWith('[')) {
    const end = hostAndPort.indexOf(']');
    if (end < 0) return null;
    host = hostAndPort.slice(0, end + 1);
    const rest = hostAndPort.slice(end + 1);
    if (rest !== '' && !rest.startsWith(':')) return null;
    port = rest.slice(1);
    if (!IPV6.test(host)) return null;
  } else {
    const colon = hostAndPort.lastIndexOf(':');
    if (colon >= 0) {
      host = hostAndPort.slice(0, colon);
      port = hostAndPort.slice(colon + 1);
    }
    if (host.endsWith('.')) host = host.slice(0, -1);
    if (!REG_NAME.test(host)) return null;
  }
  return /^\d{0,5}$/.test(port) ? host : null;
}

/**
 * Classifies `ANTHROPIC_BASE_URL`: first-party if and only if it is an
 * `http://` or `https://` URL whose host is `api.anthropic.com` (any port,
 * path or user info; case-insensitive). A value that does not parse is
 * reported with `valid: false` and treated as a gateway. Never throws.
 */
export function classifyBaseUrl(value: unknown): BaseUrlInfo {
  if (typeof value !== 'string' || value.trim() === '') {
    return { kind: 'unset', host: null, valid: true, raw: typeof value === 'string' ? value : null };
  }
  const match = URL_START.exec(value.trim());
  const host = match === null ? null : readHost(match[2] ?? '');
  if (host === null) return { kind: 'gateway', host: null, valid: false, raw: value };
  return { kind: host === FIRST_PARTY_API_HOST ? 'first-party' : 'gateway', host, valid: true, raw: value };
}
