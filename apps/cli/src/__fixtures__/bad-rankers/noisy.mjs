export { noisy as default } from './bad-ranker.mjs';
