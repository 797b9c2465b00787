/** A database URL for messages: the password (and any query string, which may hold one) removed. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    parsed.search = '';
    return parsed.href;
  } catch {
    return 'postgres://(unreadable URL)';
  }
}
