import type { ToolInput } from '@loadout/core';

/** One labelled query of an evaluation set. */
export interface EvalQuery {
  /** Stable identifier, unique within the set (`toolbench:G1_instruction/608`). */
  readonly id: string;
  /** The query text as a user or an agent would type it. */
  readonly query: string;
  /** Names of the gold tools (tool `name`s of the set); at least one. */
  readonly relevant: readonly string[];
  /**
   * Any-of groups of gold tools (from the file's `relevant_groups`): retrieving
   * any one tool of a group retrieves the group. When present, metrics count
   * groups instead of single tools. Default: absent (every gold tool is its own group).
   */
  readonly relevantGroups?: readonly (readonly string[])[];
  /** The benchmark the query comes from (`livemcpbench`, `toolbench`, …), when given. */
  readonly source?: string;
  /** The split the query belongs to (`dev`, `test`), when given. */
  readonly split?: string;
}

/** A catalog of tools and labelled queries over it, as read by `loadEvalSet`. */
export interface EvalSet {
  /** The set's name: its directory's base name (`mix10k`). */
  readonly name: string;
  /** The tools, unvalidated; build a catalog with `createEvalCatalog`. */
  readonly tools: readonly ToolInput[];
  readonly queries: readonly EvalQuery[];
}
