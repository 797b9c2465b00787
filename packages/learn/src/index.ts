export * from './feedback/index.js';
