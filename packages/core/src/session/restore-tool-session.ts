import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import { toolSessionFromEntries } from './tool-session.js';
import type { ToolSession, ToolSessionEntry } from './tool-session.js';
import type { ToolSessionSnapshot } from './tool-session-snapshot.js';

function invalid(message: string, value: unknown): never {
  throw createLoadoutError('invalid-input', `tool session snapshot: ${message}, got ${describeValue(value)}`, { value });
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Rebuilds a session from {@link ToolSession.snapshot} output, typically after
 * a JSON round trip. Throws `invalid-input` naming the offending part when the
 * snapshot is malformed: not version 1, a tool without a string name,
 * messages or pinned flag, a duplicate name, or a tool neither pinned nor
 * discovered in any message.
 */
export function restoreToolSession(snapshot: ToolSessionSnapshot): ToolSession {
  const candidate: unknown = snapshot;
  if (typeof candidate !== 'object' || candidate === null) invalid('expected an object', candidate);
  const { version, tools } = candidate as { version?: unknown; tools?: unknown };
  if (version !== 1) invalid('expected version 1', version);
  if (!Array.isArray(tools)) invalid('expected a tools array', tools);
  const entries = new Map<string, ToolSessionEntry>();
  for (const tool of tools as unknown[]) {
    const { name, messages, pinned } = (typeof tool === 'object' && tool !== null ? tool : {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !isStringArray(messages) || typeof pinned !== 'boolean') {
      invalid('each tool needs a string name, a messages array of strings and a boolean pinned', tool);
    }
    if (entries.has(name)) invalid('duplicate tool name', name);
    if (!pinned && messages.length === 0) invalid(`tool ${describeValue(name)} is neither pinned nor discovered`, tool);
    entries.set(name, { pinned, messages: new Set(messages) });
  }
  return toolSessionFromEntries(entries);
}
