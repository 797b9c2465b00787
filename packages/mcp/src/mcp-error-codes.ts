/** The gateway's own error codes since 3302, added to core's without editing its list. */
declare module '@loadout/core' {
  interface LoadoutErrorCodeRegistry {
    /** A search was not queued: its client already has as many searches waiting as the gateway queues for one client (or every client together as it queues in all). */
    'ranker-busy': true;
  }
}

export {};
