/** The error codes of the PostgreSQL feedback store, added to core's without editing its list. */
declare module '@loadout/core' {
  interface LoadoutErrorCodeRegistry {
    /** The database cannot be reached or refuses the connection. */
    'store-unavailable': true;
    /** The store's schema is newer than this Loadout reads. */
    'store-schema-newer': true;
  }
}

export {};
