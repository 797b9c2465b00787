import type { LoadedCatalog } from '@loadout/browser';
import { DEFAULT_MAX_TOOLS } from '@loadout/core';
import type { CatalogChoice } from '../state/playground-state.js';
import { h, formatCount, replaceChildren } from './dom.js';
import { errorSlot, showError } from './error-view.js';
import { readToolLimit } from './tool-limit.js';

/** Where a catalog came from, for placing its error next to the right input. */
export type CatalogInputKind = 'builtin' | 'paste' | 'file';

/** What the catalog panel asks of the page. */
export interface CatalogPanelActions {
  readonly onDemo: () => void;
  readonly onLarge: () => void;
  readonly onPaste: (text: string) => void;
  readonly onFile: (file: File) => void;
}

/** The catalog panel: demo and 10,000-tool buttons, paste box, drop zone, status and errors. */
export interface CatalogPanel {
  readonly element: HTMLElement;
  /** Shows the loaded catalog, marks which built-in catalog is selected (none for a pasted or file catalog) and clears every error. */
  showLoaded(catalog: LoadedCatalog, label: string, choice: CatalogChoice): void;
  /** Shows `error` next to the input it came from (undefined clears it). */
  showError(kind: CatalogInputKind, error: unknown): void;
  /** A line under the status (`Loading…`, a restore note); empty clears it. */
  showNote(text: string): void;
  setPasted(text: string): void;
  /** The tool limit as typed: digits for an integer from 1 to {@link MAX_TOOL_LIMIT} (default 10,000; `1e3`, `abc` refused), else throws `invalid-option`. */
  maxTools(): number;
}

/** Highest tool limit the page accepts: the engine's (`maxTools`, as `max-tools` and `--max-tools`). */
export const MAX_TOOL_LIMIT = 1_000_000;

/** Creates the {@link CatalogPanel}. */
export function createCatalogPanel(actions: CatalogPanelActions): CatalogPanel {
  const builtinError = errorSlot('catalog-error');
  const pasteError = errorSlot('paste-error');
  const fileError = errorSlot('file-error');
  const status = h('p', { id: 'catalog-status', class: 'status', 'aria-live': 'polite' }, 'No catalog loaded yet.');
  const issues = h('div', { id: 'catalog-issues' });
  const note = h('p', { id: 'catalog-note', class: 'note', 'aria-live': 'polite' });
  const paste = h('textarea', {
    id: 'catalog-paste',
    rows: 5,
    spellcheck: 'false',
    placeholder: '[{ "name": "send_message", "server": "slack", "description": "…" }]',
    'aria-describedby': 'paste-error',
  });
  const fileInput = h('input', { id: 'catalog-file', type: 'file', accept: '.json,.jsonl,.ndjson,application/json', class: 'visually-hidden' });
  const drop = h(
    'div',
    { id: 'catalog-drop', class: 'drop-zone', 'aria-describedby': 'file-error' },
    h('label', { for: 'catalog-file' }, h('strong', {}, 'Drop a catalog file'), ' or ', h('span', { class: 'link' }, 'choose one')),
    h('span', { class: 'hint' }, 'JSON, JSONL or an MCP snapshot; read in the page, never uploaded'),
    fileInput,
  );

  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file !== undefined) actions.onFile(file);
    fileInput.value = '';
  });
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('dragging');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('dragging'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('dragging');
    const file = event.dataTransfer?.files[0];
    if (file !== undefined) actions.onFile(file);
  });

  const limit = h('input', {
    id: 'max-tools',
    type: 'number',
    inputmode: 'numeric',
    min: 1,
    max: MAX_TOOL_LIMIT,
    step: 1,
    value: DEFAULT_MAX_TOOLS,
    'aria-describedby': 'max-tools-hint',
  });

  const demo = h('button', { id: 'load-demo', type: 'button', class: 'choice', 'aria-pressed': 'false', onclick: () => actions.onDemo() }, 'Demo catalog');
  const large = h('button', { id: 'load-large', type: 'button', class: 'choice', 'aria-pressed': 'false', onclick: () => actions.onLarge() }, '10,000 tools');
  const element = h(
    'section',
    { id: 'catalog-panel', class: 'panel', 'aria-labelledby': 'catalog-heading' },
    h('h2', { id: 'catalog-heading' }, 'Catalog'),
    h('div', { class: 'button-row choices', role: 'group', 'aria-label': 'Built-in catalogs' }, demo, large),
    builtinError,
    status,
    note,
    issues,
    h('label', { for: 'catalog-paste' }, 'Paste a catalog'),
    paste,
    h(
      'div',
      { class: 'button-row' },
      h('button', { id: 'load-pasted', type: 'button', class: 'secondary', onclick: () => actions.onPaste(paste.value) }, 'Load pasted JSON'),
    ),
    pasteError,
    drop,
    fileError,
    h(
      'div',
      { class: 'limit-row' },
      h('label', { for: 'max-tools' }, 'Tool limit'),
      limit,
      h('span', { id: 'max-tools-hint', class: 'hint' }, `More tools than this are refused, as by the CLI's --max-tools. Up to ${formatCount(MAX_TOOL_LIMIT)}; a big catalog takes longer to index.`),
    ),
  );

  const slots: Record<CatalogInputKind, HTMLElement> = { builtin: builtinError, paste: pasteError, file: fileError };
  return {
    element,
    showLoaded(catalog, label, choice) {
      for (const slot of Object.values(slots)) showError(slot, undefined);
      demo.setAttribute('aria-pressed', String(choice === 'demo'));
      large.setAttribute('aria-pressed', String(choice === 'large'));
      status.dataset['hash'] = catalog.hash;
      const servers = new Set(catalog.tools.map((tool) => tool.server).filter((server) => server !== null)).size;
      replaceChildren(
        status,
        h('strong', {}, formatCount(catalog.tools.length)),
        catalog.tools.length === 1 ? ' tool · ' : ' tools · ',
        h('strong', {}, formatCount(servers)),
        `${servers === 1 ? ' server' : ' servers'} · ${label}`,
      );
      if (catalog.issues.length === 0) {
        replaceChildren(issues);
        return;
      }
      replaceChildren(
        issues,
        h(
          'details',
          { class: 'issues' },
          h('summary', {}, `${catalog.issues.length} skipped ${catalog.issues.length === 1 ? 'entry' : 'entries'}`),
          h('ul', {}, catalog.issues.slice(0, 50).map((issue) => h('li', {}, h('code', {}, issue.code), ' ', issue.message))),
        ),
      );
    },
    showError(kind, error) {
      showError(slots[kind], error);
    },
    showNote(text) {
      note.textContent = text;
    },
    setPasted(text) {
      paste.value = text;
    },
    maxTools() {
      return readToolLimit(limit.value, limit.validity.badInput, DEFAULT_MAX_TOOLS, MAX_TOOL_LIMIT);
    },
  };
}
