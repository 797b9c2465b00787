import type { ToolInput } from '@loadout/core';

const path = { type: 'object', properties: { path: { type: 'string', description: 'Path of the file' } }, required: ['path'] };

/** Twelve tools on six servers, described with the words of the tiny word-vector table. */
export const TOOLS: readonly ToolInput[] = [
  { name: 'read_file', server: 'files', description: 'Read a file from a path', inputSchema: path },
  { name: 'write_file', server: 'files', description: 'Write a document to a file path', inputSchema: path },
  { name: 'list_directory', server: 'files', description: 'List the files in a folder directory' },
  { name: 'send_email', server: 'mail', description: 'Send an email message to an inbox' },
  { name: 'reply_message', server: 'mail', description: 'Reply to a mail message' },
  { name: 'get_forecast', server: 'weather', description: 'Get the weather forecast for a city' },
  { name: 'current_temperature', server: 'weather', description: 'Current temperature, rain and wind in a city' },
  { name: 'create_commit', server: 'git', description: 'Create a commit in a code repository' },
  { name: 'merge_pull_request', server: 'git', description: 'Merge a pull request into a branch' },
  { name: 'refund_payment', server: 'pay', description: 'Refund a payment for an invoice' },
  { name: 'charge_customer', server: 'pay', description: 'Charge a customer money' },
  { name: 'schedule_meeting', server: 'calendar', description: 'Schedule a calendar meeting event and invite people' },
];

/** A different catalog, for swaps: four tools nobody else has. */
export const OTHER_TOOLS: readonly ToolInput[] = [
  { name: 'open_ticket', server: 'support', description: 'Open a support ticket for a customer' },
  { name: 'close_ticket', server: 'support', description: 'Close a support ticket' },
  { name: 'search_docs', server: 'docs', description: 'Search the documentation' },
  { name: 'translate_text', server: 'language', description: 'Translate text into another language' },
];

/** `n` generated tools (for catalogs large enough to build slowly). */
export function manyTools(count: number, server = 'bulk'): ToolInput[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `tool_${index}`,
    server,
    description: `Tool number ${index} handles ${['files', 'mail', 'weather', 'code', 'payments'][index % 5]} work item ${index}`,
  }));
}
