export { indexThrowing as default } from './bad-ranker.mjs';
