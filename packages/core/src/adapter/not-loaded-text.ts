/** The function output for a call of a tool the conversation never loaded (or that is not in the catalog). */
export function notLoadedText(name: string, known: boolean, searchToolName: string): string {
  return known
    ? JSON.stringify({ error: `tool ${name} is not loaded; call ${searchToolName} to load it first`, code: 'tool-not-loaded' })
    : JSON.stringify({ error: `there is no tool named ${name}`, code: 'unknown-tool' });
}
