import { describe, expect, it } from 'vitest';
import { mountElement, pageEngines, servedText, statusMatching } from '../__fixtures__/mount-element.js';

const pageEngine = pageEngines();

const SERVER = 'An Extremely Long Server Name That Goes On And On For Tests And More Words';
const DESCRIPTION = Array.from({ length: 30 }, () => 'search very long description words').join(' ');

describe('<loadout-search> at 390 px with long names', () => {
  it('keeps a long server chip inside the list and clamps a long description to two lines', async () => {
    pageEngine();
    const frame = document.createElement('div');
    frame.style.width = '390px';
    document.body.append(frame);
    const element = mountElement({ catalog: servedText(JSON.stringify([{ name: 'super_long_tool_search', server: SERVER, description: DESCRIPTION }])) });
    frame.append(element);
    await statusMatching(element, /Type to search\.$/);
    await element.search('search');
    const root = element.shadowRoot!;
    const list = root.querySelector<HTMLElement>('[role=listbox]')!.getBoundingClientRect();
    const chip = root.querySelector<HTMLElement>('.server')!;
    expect(chip.getBoundingClientRect().right).toBeLessThanOrEqual(list.right);
    expect(chip.title).toBe(SERVER);
    const description = root.querySelector<HTMLElement>('.description')!;
    const lineHeight = Number.parseFloat(getComputedStyle(description).lineHeight) || Number.parseFloat(getComputedStyle(description).fontSize) * 1.2;
    expect(description.getBoundingClientRect().height).toBeLessThanOrEqual(2 * lineHeight + 1);
    expect(description.title).toBe(DESCRIPTION);
    expect(document.scrollingElement!.scrollWidth).toBeLessThanOrEqual(document.scrollingElement!.clientWidth);
  });
});

describe('<loadout-search> at 390 px: every text of the element', () => {
  const name = `create_${'issue'.repeat(12)}`;
  const server = `server${'-very-long-name'.repeat(8)}`;
  const description = `create ${'averyveryverylongunbrokenword'.repeat(12)}`;

  /** Whether any element of the shadow root, or the page, is wider than 390 px. */
  function overflowing(element: HTMLElement, frame: HTMLElement): string[] {
    const right = frame.getBoundingClientRect().right;
    const wide = [...element.shadowRoot!.querySelectorAll<HTMLElement>('*')]
      .filter((node) => !node.hidden && node.closest('[hidden]') === null && node.getBoundingClientRect().right > right + 0.5)
      .map((node) => `${node.tagName.toLowerCase()}.${node.className}`);
    if (document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth) wide.push('page');
    return wide;
  }

  it('wraps the explanation, the status and the results of a 65-character name, a 120-character server and a long description', async () => {
    pageEngine();
    const frame = document.createElement('div');
    frame.style.width = '390px';
    document.body.append(frame);
    const element = mountElement({ catalog: servedText(JSON.stringify([{ name, server, description }, { name: 'other_tool', description: 'Create other things' }])) });
    frame.append(element);
    await statusMatching(element, /Type to search\.$/);
    await element.search('create');
    const root = element.shadowRoot!;
    root.querySelector<HTMLButtonElement>('[part=explain]')!.click();
    expect(root.querySelector<HTMLElement>('[part=explanation]')!.textContent).toContain(server);
    expect(overflowing(element, frame)).toEqual([]);
    element.setAttribute('catalog', servedText('{"tools": ['));
    await statusMatching(element, /^Could not load/);
    await element.search(`missing ${'x'.repeat(200)}`);
    expect(overflowing(element, frame)).toEqual([]);
  });
});

describe('<loadout-search> aria-activedescendant', () => {
  it('names no option while the list is hidden, after Enter and after Escape, and names one again when it reopens', async () => {
    pageEngine();
    const tools = [
      { name: 'send_email', server: 'mail', description: 'Send an email' },
      { name: 'read_email', server: 'mail', description: 'Read an email' },
    ];
    const element = mountElement({ catalog: servedText(JSON.stringify(tools)) });
    await statusMatching(element, /Type to search\.$/);
    await element.search('email');
    const root = element.shadowRoot!;
    const input = root.querySelector('input')!;
    const press = (key: string): void => void input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    expect(input.getAttribute('aria-activedescendant')).toBe('option-0');
    press('ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe('option-1');
    press('Enter');
    expect(root.querySelector<HTMLElement>('[role=listbox]')!.hidden).toBe(true);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    press('ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).not.toBeNull();
    press('Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });
});
