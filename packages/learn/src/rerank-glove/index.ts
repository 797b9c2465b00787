export { GLOVE_RERANK_MODEL } from '../rerank/glove-rerank-model.js';
