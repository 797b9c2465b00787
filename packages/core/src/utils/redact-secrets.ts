import { redactUrls } from './redact-urls.js';

/** Names whose value is a credential in `name=value`, `name: value` and `"name": "value"`. */
const SECRET_NAMES =
  'api[_-]?key|apikey|access[_-]?key|secret[_-]?key|client[_-]?secret|secret|password|passwd|pwd|passphrase|token|access[_-]?token|refresh[_-]?token|id[_-]?token|auth[_-]?token|session[_-]?(?:id|token)|private[_-]?key|credentials?|cookie|set-cookie|signature';
/** `Authorization: Bearer x` and `authorization="Basic x"`: the scheme kept, the credential masked. */
const AUTHORIZATION = /\b((?:proxy-)?authorization["']?\s*[:=]\s*["']?)(?:(bearer|basic|digest|token|bot)\s+)?[^\s"',;]+/gi;
/** A credential after an authentication scheme, as in a header quoted without its name. */
const SCHEME_CREDENTIAL = /\b(Bearer|Basic|Digest)\s+(?!\*\*\*)[A-Za-z0-9._~+/=-]{6,}/g;
/** A secret name with up to four prefixes (`x-api-key`, `DB_PASSWORD`); bounded, so a long `a-a-a-…` costs linear time. */
const ASSIGNMENT = new RegExp(String.raw`(\b(?:[a-z0-9]{1,40}[_-]){0,4}(?:${SECRET_NAMES})["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&"'}\]]+)`, 'gi');
/** Well-known key and token formats, wherever they stand. */
const KNOWN_FORMATS = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\bsk-(?:[A-Za-z]+-)?[A-Za-z0-9_-]{8,}/g,
  /\b[spr]k_(?:live|test)_[A-Za-z0-9]{8,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bglpat-[A-Za-z0-9_-]{20,}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}/g,
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
];

/**
 * `text` (an error message) with what looks like a credential masked as
 * `***`: URLs as {@link redactUrls} does (userinfo, query values,
 * fragment), the credential of an `Authorization` header or after
 * `Bearer` / `Basic` / `Digest`, the value of a secret-named field
 * (`api_key=…`, `password: …`, `"token": "…"`, `client_secret`, `cookie`,
 * …) and well-known key formats (`sk-…`, `sk_live_…`, `ghp_…`,
 * `github_pat_…`, `glpat-…`, `xoxb-…`, `AKIA…`, `AIza…`, JWTs, PEM private
 * keys). Names, schemes and the rest of the text are kept.
 *
 * Best effort: a secret with no marker (a bare password in a sentence)
 * passes unmasked. It is what adapters tell a model by default when a tool
 * handler throws; where nothing may leak, give them a message of your own.
 */
export function redactSecrets(text: string): string {
  let redacted = redactUrls(text);
  for (const format of KNOWN_FORMATS) redacted = redacted.replace(format, '***');
  redacted = redacted.replace(AUTHORIZATION, (_, name: string, scheme: string | undefined) => `${name}${scheme === undefined ? '' : `${scheme} `}***`);
  redacted = redacted.replace(SCHEME_CREDENTIAL, '$1 ***');
  return redacted.replace(ASSIGNMENT, (_, name: string, value: string) => {
    if (value === '***' || value === '"***"' || value === "'***'") return `${name}${value}`;
    const quote = value.startsWith('"') || value.startsWith("'") ? value[0]! : '';
    return `${name}${quote}***${quote}`;
  });
}
