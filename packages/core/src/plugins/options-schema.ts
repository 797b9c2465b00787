/**
 * One option of a plug-in, documented and checked:
 * - `number` / `integer`: `min` and `max` inclusive when given;
 * - `string`: `values`, when given, lists the accepted ones;
 * - `boolean`, `object` (a plain object; with `properties`, each key is
 *   checked against them, at every level, and an unknown key is refused;
 *   without, passed as is), `any` (unchecked, for values only code can
 *   pass, such as an embedder).
 */
export interface OptionSpec {
  readonly type: 'number' | 'integer' | 'string' | 'boolean' | 'object' | 'any';
  /** What the option does, for `--help` and errors. */
  readonly description: string;
  /**
   * Used when the option is absent, at the top level of a plug-in's options;
   * inside `properties` it documents the plug-in's own default and is not
   * filled in. Default: absent (the plug-in's own default).
   */
  readonly default?: unknown;
  readonly min?: number;
  readonly max?: number;
  readonly values?: readonly string[];
  /** For `object`: the keys it may hold, each checked as an option. Default: any keys, unchecked. */
  readonly properties?: OptionsSchema;
}

/** A plug-in's options by name. */
export type OptionsSchema = Readonly<Record<string, OptionSpec>>;
