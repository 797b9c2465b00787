import type { ServerSettings } from './catalog.js';

/** Default for {@link CreateCatalogOptions.maxTools}: the documented limit of one catalog. */
export const DEFAULT_MAX_TOOLS = 10_000;

/** Options of {@link createCatalog}. */
export interface CreateCatalogOptions {
  /**
   * Server-level settings by server name (from an `mcpServers` config).
   * Servers that tools name but that are absent here get `{}`. Default: `{}`.
   */
  servers?: Record<string, ServerSettings>;
  /** Throw the first problem as a `LoadoutError` instead of skipping the tool and reporting it. Default: false. */
  strict?: boolean;
  /**
   * Most tools accepted; more always throws `catalog-too-large`, strict or not.
   * A positive integer. Default: 10,000 (the documented limit).
   */
  maxTools?: number;
  /** Where the tools came from (a file path, a server name); copied into issues and messages. Default: none. */
  source?: string;
}
