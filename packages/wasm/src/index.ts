export { COMPONENT_URL, WIT_URL } from './component-files.js';
