export { openaiResponsesAdapter } from './responses-adapter.js';
export { openaiChatAdapter, openaiChatToolReferenceAdapter } from './chat-adapter.js';
