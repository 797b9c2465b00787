/** One loaded tool in a {@link ToolSessionSnapshot}. */
export interface ToolSessionSnapshotTool {
  /** The tool's name, as given to `recordSearch` or `initiallyLoaded`. */
  readonly name: string;
  /** Ids of the messages whose searches loaded it, in order of first discovery. */
  readonly messages: readonly string[];
  /** Loaded without a discovering message (from `initiallyLoaded`): compaction never unloads it. */
  readonly pinned: boolean;
}

/**
 * A JSON-safe copy of a tool session, for persistence. `tools` is in load
 * order; every tool in it is loaded (pinned or with at least one message).
 */
export interface ToolSessionSnapshot {
  readonly version: 1;
  readonly tools: readonly ToolSessionSnapshotTool[];
}
