import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** What {@link checkRequestHeaders} enforces. */
export interface HttpGuardPolicy {
  /** Accepted `Host` header values (lower case, with port); `undefined` accepts any. */
  readonly allowedHosts: ReadonlySet<string> | undefined;
  /** Accepted `Origin` values (as `URL.origin` gives them); a request without `Origin` (not a browser) is accepted. */
  readonly allowedOrigins: ReadonlySet<string>;
  /** Accept every `Origin`. */
  readonly anyOrigin: boolean;
  /** Accepted `Authorization: Bearer` tokens (any one of them); `undefined` requires none. */
  readonly token: string | readonly string[] | undefined;
}

/** Why a request was refused: its HTTP status, its stable code (`data.code` of the answer), a message, and headers to send. */
export interface HttpRejection {
  readonly status: 401 | 403;
  readonly code: 'gateway-unauthorized' | 'gateway-forbidden';
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `origin` normalised as `URL.origin` does, or undefined when it is not an http(s) origin. */
export function normalizeOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The key of this process's token fingerprints: random per process, so a fingerprint in a log cannot be checked against guessed tokens elsewhere. */
const FINGERPRINT_KEY = randomBytes(32);

/**
 * Who a request is, for binding sessions: a fingerprint of its bearer token
 * when tokens are required (the request passed {@link checkRequestHeaders}),
 * else its client address. The fingerprint is keyed per process (logs show
 * 8 of its hex characters): stable while the gateway runs, and no help to
 * someone who reads the log and guesses at a weak token.
 */
export function requestPrincipal(headers: IncomingHttpHeaders, policy: HttpGuardPolicy, address: string): string {
  if (policy.token === undefined) return addressPrincipal(address);
  return `token ${createHmac('sha256', FINGERPRINT_KEY).update(bearerToken(headers) ?? '').digest('hex').slice(0, 32)}`;
}

/** The principal of a client known by its address alone (`address 127.0.0.1`), as {@link requestPrincipal} names it without tokens. */
export function addressPrincipal(address: string): string {
  return `address ${address}`;
}

/** The token of an `Authorization: Bearer …` header, if any. */
function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  return /^Bearer[ ]+(.+)$/i.exec((single(headers.authorization) ?? '').trim())?.[1];
}

/** Whether `given` is one of `tokens`. Every token is compared, so the time taken says nothing about which one came close. */
function isAcceptedToken(given: string | undefined, tokens: string | readonly string[]): boolean {
  const hash = digest(given ?? '');
  let accepted = false;
  for (const token of typeof tokens === 'string' ? [tokens] : tokens) accepted = timingSafeEqual(hash, digest(token)) || accepted;
  return accepted && given !== undefined;
}

/**
 * Who a connection counts against once one of its requests' headers are
 * read (see `limitConnections`): the request's principal when it carries
 * an accepted token, else its address, so a token the gateway does not know
 * gets no connections of its own.
 */
export function connectionPrincipal(headers: IncomingHttpHeaders, policy: HttpGuardPolicy, address: string): string {
  return policy.token !== undefined && isAcceptedToken(bearerToken(headers), policy.token) ? requestPrincipal(headers, policy, address) : addressPrincipal(address);
}

/**
 * Checks a request's `Host` (DNS rebinding), `Origin` (browsers on other
 * sites, DNS rebinding) and bearer token, in that order. Returns the
 * rejection, or undefined when the request may proceed. Token comparison
 * takes the same time whatever the token.
 */
export function checkRequestHeaders(headers: IncomingHttpHeaders, policy: HttpGuardPolicy): HttpRejection | undefined {
  if (policy.allowedHosts !== undefined) {
    const host = single(headers.host)?.toLowerCase();
    if (host === undefined || !policy.allowedHosts.has(host)) {
      return { status: 403, code: 'gateway-forbidden', message: `Host ${JSON.stringify(host ?? '')} is not allowed (DNS rebinding protection)` };
    }
  }
  const origin = single(headers.origin);
  if (origin !== undefined && !policy.anyOrigin) {
    const normalized = normalizeOrigin(origin);
    if (normalized === undefined || !policy.allowedOrigins.has(normalized)) {
      return { status: 403, code: 'gateway-forbidden', message: `Origin ${JSON.stringify(origin)} is not allowed (add it with --allowed-origin)` };
    }
  }
  if (policy.token !== undefined) {
    const given = bearerToken(headers);
    if (!isAcceptedToken(given, policy.token)) {
      return {
        status: 401,
        code: 'gateway-unauthorized',
        message: given === undefined ? 'a bearer token is required' : 'the bearer token is not valid',
        headers: { 'www-authenticate': 'Bearer realm="loadout"' },
      };
    }
  }
  return undefined;
}
