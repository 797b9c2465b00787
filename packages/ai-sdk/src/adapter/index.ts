export { aiSdkAdapter } from './ai-sdk-adapter.js';
