const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML: `&`, `<`, `>` and both quotes escaped, so a value from the user's files is never markup. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

/** A fraction in [0, 1] as points with one decimal: 0.9024 is `90.2`. */
export const percent = (value: number): string => (value * 100).toFixed(1);

/** Milliseconds as the report prints them: three decimals below 10 ms, else one. */
export const ms = (value: number): string => value.toFixed(value < 10 ? 3 : 1);

/** `text` with its first letter capitalised, as a sentence starts. */
export const sentence = (text: string): string => `${text[0]!.toUpperCase()}${text.slice(1)}`;
