import { createCatalog } from '@loadout/core';
import type { Catalog, ServerSettings, ToolInput } from '@loadout/core';
import type { DemoService } from './builder.js';
import { coreBuiltIns, onDemandBuiltIns } from './built-ins.js';
import {
  awsS3,
  confluence,
  datadog,
  github,
  gmail,
  googleCalendar,
  googleDrive,
  jira,
  linear,
  notion,
  postgres,
  sentry,
  slack,
  stripe,
} from './services/index.js';

/** The demo's MCP services, largest first. */
export const demoServices: readonly DemoService[] = [
  github,
  stripe,
  slack,
  jira,
  awsS3,
  datadog,
  gmail,
  googleDrive,
  linear,
  notion,
  sentry,
  confluence,
  googleCalendar,
  postgres,
];

function buildInput(): { servers: Record<string, ServerSettings>; tools: ToolInput[] } {
  const servers: Record<string, ServerSettings> = {};
  for (const entry of demoServices) servers[entry.server] = entry.settings;
  const tools = [...coreBuiltIns, ...onDemandBuiltIns, ...demoServices.flatMap((entry) => entry.tools)];
  return { servers, tools };
}

/**
 * The demo catalog as plain input: about 300 MCP tools across 14 services
 * (Google Calendar configured `alwaysLoad`; a few tools marked
 * `_meta["anthropic/alwaysLoad"]`), six core built-ins and four on-demand
 * built-ins. Pass it to `createCatalog(tools, { servers })`.
 */
export const demoCatalogInput: { servers: Record<string, ServerSettings>; tools: ToolInput[] } = buildInput();

/** A fresh validated {@link Catalog} of {@link demoCatalogInput}. */
export function createDemoCatalog(): Catalog {
  return createCatalog(demoCatalogInput.tools, { servers: demoCatalogInput.servers, strict: true, source: 'demo-catalog' });
}
