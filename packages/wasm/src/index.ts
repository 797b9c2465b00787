export { COMPONENT_URL, QUICKJS_BUNDLE_URL, WIT_URL } from './component-files.js';
