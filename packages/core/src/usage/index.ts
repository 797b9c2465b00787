export { createUsageTracker } from './usage-tracker.js';
export type { UsageTracker, UsageTrackerOptions } from './usage-tracker.js';
export type { UsageEvent } from './usage-event.js';
export { readUsageEvent } from './read-usage-event.js';
