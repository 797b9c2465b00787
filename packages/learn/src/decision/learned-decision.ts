/**
 * What `loadout learn` decided for a feedback store, as `learned.json`
 * beside it keeps it: whether learned ranking is on, the usage field's and
 * the usage prior's weights, and the re-ranking model when learning chose it.
 */
export interface LearnedDecision {
  /** Learned ranking is applied (search, serve) only when true. */
  readonly enabled: boolean;
  /** The ranker the decision was made for (informative). */
  readonly ranker?: string;
  /** Weight of the usage field in the first stage. Range 0–100. */
  readonly usageWeight: number;
  /** Weight of the usage prior; 0 in decisions written before it existed. Range 0–10. */
  readonly usagePriorWeight: number;
  /** When the decision was made, as an ISO date (informative). */
  readonly decidedAt?: string;
  /** The held-out comparison that decided (informative; what `learnFromFeedback` reported). */
  readonly report?: unknown;
  /** The re-ranking model fitted on the store, when learning chose the re-ranker (checked by the ranker that applies it). */
  readonly model?: unknown;
}

/** What reading a decision found: none yet, one that cannot be used (with why), or the decision. */
export type LearnedDecisionRead =
  | { readonly kind: 'missing' }
  | { readonly kind: 'unreadable'; readonly reason: string }
  | { readonly kind: 'decided'; readonly decision: LearnedDecision };
