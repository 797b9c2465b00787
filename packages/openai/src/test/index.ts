export { startApiDouble } from './api-double.js';
export type { ApiDouble, DoubleReply, DoubleRequest } from './api-double.js';
export { searchingChatModel } from './searching-chat-model.js';
export type { SearchingChatModelOptions } from './searching-chat-model.js';
