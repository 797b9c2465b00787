import type { CatalogChoice } from '../state/playground-state.js';

/** How the page names a catalog choice in its status line and timings. */
export function catalogLabel(choice: CatalogChoice, fileName = ''): string {
  switch (choice) {
    case 'demo':
      return 'demo catalog';
    case 'large':
      return '10,000-tool demo catalog';
    case 'pasted':
      return 'pasted catalog';
    case 'file':
      return fileName === '' ? 'file' : fileName;
  }
}
