import type { ToolSearchAnswer } from '../search/tool-search-answer.js';
import type { ToolSearchKit } from './tool-search-kit-types.js';
import { parseCallArguments } from './parse-call-arguments.js';

/**
 * Answers a search call's raw arguments (a JSON string or an object) with
 * the kit, leaving out the tools `isLoaded` says are loaded already.
 * Arguments that are not JSON, or not a `{ query, limit? }` object, are a
 * failed answer at the `arguments` stage (`invalid-input`, the message
 * naming `toolName`, default the kit's search tool name), never a throw.
 */
export async function searchCall(
  kit: ToolSearchKit,
  rawArguments: unknown,
  isLoaded: ((name: string) => boolean) | undefined,
  toolName: string = kit.searchToolName,
): Promise<ToolSearchAnswer> {
  const parsed = parseCallArguments(rawArguments);
  if (!parsed.ok) return { ok: false, stage: 'arguments', code: 'invalid-input', message: `${toolName}: ${parsed.message}` };
  return kit.search(parsed.value, isLoaded === undefined ? { toolName } : { exclude: isLoaded, toolName });
}
