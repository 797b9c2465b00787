export { createUsageTracker } from './usage-tracker.js';
export type { UsageTracker, UsageTrackerOptions } from './usage-tracker.js';
export type { UsageEvent } from './usage-event.js';
export { MAX_USAGE_QUERY_LENGTH, readUsageEvent } from './read-usage-event.js';
