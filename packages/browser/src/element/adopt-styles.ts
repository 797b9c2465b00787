import { element } from './element-dom.js';

/** One constructed sheet of each text, shared by every element of the page that adopts it. */
const sheets = new Map<string, CSSStyleSheet>();

function supportsAdoptedSheets(root: ShadowRoot): boolean {
  return typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype && Array.isArray(root.adoptedStyleSheets);
}

/**
 * Gives `root` the styles `css` through a constructable stylesheet
 * (`new CSSStyleSheet()`, `replaceSync`, `adoptedStyleSheets`), which a
 * Content-Security-Policy `style-src` without `'unsafe-inline'` does not
 * block, where a `<style>` element would be refused and leave the element
 * unstyled. Only where adopted stylesheets are missing (browsers before
 * 2023) does it append a `<style>` element instead. One sheet per text is
 * shared by all elements.
 */
export function adoptStyles(root: ShadowRoot, css: string): void {
  if (!supportsAdoptedSheets(root)) {
    root.append(element('style', {}, css));
    return;
  }
  let sheet = sheets.get(css);
  if (sheet === undefined) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
