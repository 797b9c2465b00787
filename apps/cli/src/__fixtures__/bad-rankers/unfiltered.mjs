export { unfiltered as default } from './bad-ranker.mjs';
