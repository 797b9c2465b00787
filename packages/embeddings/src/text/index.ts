export { tokenizeIdentifiers } from './tokenize-identifiers.js';
export { toolFields, toolSentence } from './tool-fields.js';
export type { ToolFields } from './tool-fields.js';
