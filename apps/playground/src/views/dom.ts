/** Attributes and properties of {@link h}: strings become attributes, `on*` functions listeners, booleans toggle attributes. */
export type ElementProps = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

/** A child of {@link h}: nodes, text, or nothing. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const item of child as readonly Child[]) append(parent, item);
    return;
  }
  parent.appendChild(typeof child === 'object' ? (child as Node) : document.createTextNode(String(child)));
}

function applyProps(element: Element, props: ElementProps): void {
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(key.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(key, '');
    else element.setAttribute(key, String(value));
  }
}

/** Creates an HTML element. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: ElementProps = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  applyProps(element, props);
  append(element, children);
  return element;
}

/** Creates an SVG element. */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, props: ElementProps = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag);
  applyProps(element, props);
  append(element, children);
  return element;
}

/** Replaces the children of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  const fragment = document.createDocumentFragment();
  append(fragment, children);
  parent.replaceChildren(fragment);
}

/** Formats an integer with thousands separators. */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
