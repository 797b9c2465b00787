export { createThrowing as default } from './bad-ranker.mjs';
