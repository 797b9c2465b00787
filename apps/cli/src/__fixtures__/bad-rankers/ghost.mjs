export { ghost as default } from './bad-ranker.mjs';
