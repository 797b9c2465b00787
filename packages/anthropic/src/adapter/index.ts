export { anthropicAdapter } from './anthropic-adapter.js';
