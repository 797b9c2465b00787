/** What the agent would search for to find a deferrable built-in, by tool name. */
const BUILTIN_TOPICS: Readonly<Record<string, string>> = {
  WebSearch: 'web search',
  WebFetch: 'fetching web pages',
  NotebookEdit: 'editing notebooks',
  TodoWrite: 'to-do lists',
};

/** The topic of a built-in tool: from a small table, else its name split into lower-case words (`ExitPlanMode` → exit plan mode). */
export function builtinTopic(name: string): string {
  return (
    BUILTIN_TOPICS[name] ??
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[\s_-]+/g, ' ')
      .trim()
      .toLowerCase()
  );
}
