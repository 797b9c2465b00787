export { throwing as default } from './bad-ranker.mjs';
