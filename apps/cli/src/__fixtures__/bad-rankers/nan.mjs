export { nan as default } from './bad-ranker.mjs';
