/**
 * `text` cut to at most `max` characters, at a space when one is near the
 * end, with an ellipsis: what `<loadout-search>` does to a description
 * (`clampText` there is not exported by `@loadout/browser`).
 */
export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, space >= max * 0.8 ? space : max - 1).trimEnd()}…`;
}
