/**
 * `@loadout/browser/element`: defines `<loadout-search>` (once; a page may
 * load this module twice). Its ES module build (`dist/element.js`, beside
 * `dist/loadout-search-worker.js`) imports nothing by bare name, so a page
 * uses it from one `<script type="module">` with no bundler.
 */
import { LoadoutSearchElement } from './element/loadout-search-element.js';

export { LoadoutSearchElement } from './element/loadout-search-element.js';
export type { LoadoutErrorDetail, LoadoutLoadedDetail, LoadoutResultsDetail, LoadoutSelectDetail } from './element/element-events.js';

if (typeof customElements !== 'undefined' && customElements.get('loadout-search') === undefined) customElements.define('loadout-search', LoadoutSearchElement);
