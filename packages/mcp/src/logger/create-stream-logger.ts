import type { GatewayLogger, GatewayLogLevel } from './gateway-logger.js';

const severity: Record<GatewayLogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Options of {@link createStreamLogger}. */
export interface StreamLoggerOptions {
  /** Lines below this level are dropped. Default `info`. */
  readonly level?: GatewayLogLevel;
  /** Written before each line. Default `loadout-mcp`. */
  readonly prefix?: string;
  /** Receives each formatted line, newline included. Default: `process.stderr.write`. */
  readonly write?: (line: string) => void;
}

/** A {@link GatewayLogger} writing `prefix level: message` lines, to stderr by default. */
export function createStreamLogger(options: StreamLoggerOptions = {}): GatewayLogger {
  const threshold = severity[options.level ?? 'info'];
  const prefix = options.prefix ?? 'loadout-mcp';
  const write = options.write ?? ((line: string) => void process.stderr.write(line));
  const at = (level: GatewayLogLevel) => (message: string) => {
    if (severity[level] >= threshold) write(`${prefix} ${level}: ${message}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
