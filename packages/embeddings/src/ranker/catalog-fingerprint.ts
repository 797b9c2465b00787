import type { CatalogTool } from '@loadout/core';
import { fnv1a64 } from '@loadout/core/utils';

/**
 * A fingerprint of what an embedding index holds: the model id and each
 * tool's display name with the text (or fields) it was embedded from,
 * independent of tool order. Equal fingerprints mean a saved index can be reused.
 */
export function catalogFingerprint(modelId: string, tools: readonly CatalogTool[], embeddedText: (tool: CatalogTool) => string): string {
  const lines = tools.map((tool) => `${tool.displayName}\u0001${embeddedText(tool)}`).sort();
  return `${fnv1a64(`${modelId}\u0002${tools.length}\u0002${lines.join('\u0002')}`)}-${tools.length}`;
}
