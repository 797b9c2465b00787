import { createCircuitBreaker, type CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker.js';

/**
 * The circuit breakers of one upstream's tools, for calls that time out: a
 * tool that is only slow opens its own circuit, and the upstream's other
 * tools stay callable for every client (3468). A breaker exists only while
 * its tool has failures to remember: one that is closed again is dropped.
 */
export interface ToolBreakers {
  /** The breaker of `tool`, made closed when it has none. */
  of(tool: string): CircuitBreaker;
  /** Whether `tool`'s circuit refuses calls now (or its one trial call is running). */
  isOpen(tool: string): boolean;
  /** A call of `tool` was answered: its breaker closes and is dropped. */
  answered(tool: string): void;
  /** A new connection is ready: every open circuit lets its trial call through now (see {@link CircuitBreaker.reconnected}). */
  reconnected(): void;
}

/** Creates an empty {@link ToolBreakers}. */
export function createToolBreakers(options: Required<CircuitBreakerOptions>, now: () => number): ToolBreakers {
  const breakers = new Map<string, CircuitBreaker>();
  return {
    of(tool) {
      let breaker = breakers.get(tool);
      if (breaker === undefined) breakers.set(tool, (breaker = createCircuitBreaker(options, now)));
      return breaker;
    },
    isOpen: (tool) => breakers.get(tool)?.isOpen() === true,
    answered(tool) {
      breakers.get(tool)?.succeeded();
      breakers.delete(tool);
    },
    reconnected() {
      for (const breaker of breakers.values()) breaker.reconnected();
    },
  };
}
