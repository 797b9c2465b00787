/** Hand-written tool definitions as they would be sent to a model, with the awkward bits real catalogs have. */
export const TOOL_DEFINITIONS: readonly object[] = [
  {
    name: 'search_slack_messages',
    description: 'Search Slack messages by keyword, channel, or date range. Returns at most `limit` matches.',
    input_schema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Keywords; quote "exact phrases".' },
        channel: { type: 'string', description: "Channel name without '#', e.g. eng-alerts" },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      },
      required: ['query'],
    },
  },
  {
    name: 'createIssue',
    description: "Creates a GitHub issue. The title can't be empty; the body is Markdown:\n\n- lists\n- `code`\n",
    input_schema: {
      type: 'object',
      properties: { owner: { type: 'string' }, repo: { type: 'string' }, labels: { type: 'array', items: { type: 'string' } } },
    },
  },
  {
    name: 'translate_text',
    description: '将文本翻译成目标语言。支持中文、日本語、한국어 and Ελληνικά; emoji 👍🏽 kept as-is.',
    input_schema: { type: 'object', properties: { target: { type: 'string', enum: ['zh-CN', 'ja', 'ko', 'el'] } } },
  },
  {
    name: 'regex_replace',
    description: 'Replace matches of a pattern such as ^\\s*(\\d{1,3})\\.\\s+ with a template like $1) \\\\n.',
    input_schema: { type: 'object', properties: { pattern: { type: 'string', default: '\\\\\\\\\\\\\\\\' } } },
  },
  {
    name: 'upload_image',
    description: 'Uploads a PNG given as base64.',
    input_schema: {
      type: 'object',
      properties: {
        data: { type: 'string', default: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' },
        checksum: { type: 'string', default: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' },
      },
    },
  },
  {
    name: 'mcp__finance__convert_currency',
    description: 'Converts 1234567.891 EUR → USD at the 2026-11-30T12:00:00Z rate; numbers like 1e-9 and -0.5 are fine.',
    input_schema: { type: 'object', properties: { amount: { type: 'number' }, from: { type: 'string', pattern: '^[A-Z]{3}$' } } },
  },
  {
    name: 'sequence_lookup',
    description: 'Looks up MSVLTPLLWLMWAAGTVTLGCAPPPAVPEALRAPRAWAAQGGRAQAGICIGAVLAGIALGVGILVLALAALVFIPHHWAYVWKFSRSSPLWGPMSAFANHADYQTRGLRSLTTDERSAV',
    input_schema: { type: 'object', properties: {} },
  },
  {
    name: 'prompt_guard',
    description: 'Rejects prompts containing <|endoftext|> or <|fim_prefix|> markers.\r\n\tTabs,   runs of spaces   and trailing space ',
    input_schema: { type: 'object', properties: {} },
  },
];
