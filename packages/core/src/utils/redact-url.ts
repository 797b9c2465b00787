/**
 * A URL for messages and logs: its userinfo masked whole (`***@`: a user
 * name may be a key, as in `https://sk_live_…:@api…`), the value of every
 * query parameter masked (`?api_key=***`, the names kept) and a fragment
 * masked (`#***`); scheme, host, port and path as written. A value that is
 * not `scheme://…` (one that failed to parse) has what could be userinfo,
 * and any query, masked alike. The one redaction of upstream, database and
 * store URLs.
 */
export function redactUrl(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/is.exec(url);
  if (match === null) return url.replace(/^[^/?#]*@/, '***@').replace(/\?.*$/s, '?***');
  const [, scheme, authority = '', path = '', query, fragment] = match;
  const at = authority.lastIndexOf('@');
  const user = at < 0 ? '' : '***@';
  const params =
    query === undefined
      ? ''
      : `?${query
          .split('&')
          .map((part) => (part === '' ? part : part.includes('=') ? `${part.slice(0, part.indexOf('='))}=***` : '***'))
          .join('&')}`;
  return `${scheme}${user}${authority.slice(at + 1)}${path}${params}${fragment === undefined ? '' : '#***'}`;
}
