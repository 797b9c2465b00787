/**
 * Verbs that start a new request in a multi-step task ("…, then save it",
 * "… and send it"). Used by {@link splitClauses} after a comma or "and".
 */
export const CLAUSE_VERBS: readonly string[] = Object.freeze([
  'add', 'analyse', 'analyze', 'append', 'book', 'calculate', 'check', 'classify', 'clone', 'collect', 'compare',
  'compile', 'compute', 'convert', 'copy', 'count', 'create', 'delete', 'describe', 'detect', 'determine', 'display',
  'download', 'draft', 'draw', 'edit', 'email', 'estimate', 'evaluate', 'execute', 'explain', 'export', 'extract',
  'fetch', 'fill', 'filter', 'find', 'forward', 'generate', 'get', 'give', 'identify', 'import', 'include', 'inform',
  'insert', 'list', 'load', 'locate', 'log', 'look', 'make', 'merge', 'monitor', 'move', 'notify', 'open', 'order',
  'organise', 'organize', 'parse', 'plan', 'plot', 'post', 'predict', 'prepare', 'print', 'provide', 'publish', 'query',
  'rank', 'read', 'recommend', 'record', 'register', 'remind', 'remove', 'rename', 'reply', 'report', 'request',
  'reserve', 'resize', 'retrieve', 'return', 'review', 'run', 'save', 'schedule', 'search', 'send', 'set', 'share',
  'show', 'sort', 'start', 'store', 'submit', 'suggest', 'summarise', 'summarize', 'tell', 'track', 'transcribe',
  'transfer', 'translate', 'update', 'upload', 'validate', 'verify', 'visualise', 'visualize', 'write',
]);

/** Words that only sequence steps ("Finally,", "After that"); stripped from the start of a clause. */
export const DISCOURSE_MARKERS: readonly string[] = Object.freeze([
  'additionally', 'after that', 'afterwards', 'afterward', 'also', 'besides', 'finally', 'first', 'firstly', 'furthermore',
  'lastly', 'meanwhile', 'moreover', 'next', 'second', 'secondly', 'subsequently', 'then', 'third', 'thirdly',
]);
