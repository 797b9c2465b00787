/**
 * What to fix, by the SQLSTATE of a refusal that no retry will change: the
 * store is configured wrong, not down (3442). An outage (connection refused,
 * a timeout, a server starting or shutting down: 57P03, 08006, …) is none of
 * these, and is worth waiting for.
 */
const FIXES: Readonly<Record<string, string>> = {
  // invalid_password
  '28P01': 'check the password (PGPASSWORD, ~/.pgpass, or the URL) and the user name',
  // invalid_authorization_specification: no such role, or no pg_hba.conf entry for this user, database, host or encryption
  '28000': "check the user name, and that the server's pg_hba.conf lets it in from this host",
  // invalid_catalog_name
  '3D000': 'check the database name in the URL, or create the database (createdb)',
  // insufficient_privilege: no CONNECT on the database, or no CREATE on the schema its tables go to
  '42501': 'grant the user CONNECT on the database and CREATE on its schema (since PostgreSQL 15 nobody may create in "public" by default), or create the tables as their owner',
  // invalid_schema_name: no schema on the search_path exists or may be used ("no schema has been selected to create in")
  '3F000': 'check the search_path (options=-c search_path=… in the URL, or the role\'s): it must name a schema the user may use',
};

/**
 * The fix for a database error whose SQLSTATE (`code` of node-postgres'
 * `DatabaseError`) says the store is misconfigured: wrong password (28P01),
 * no such role or no `pg_hba.conf` entry (28000), no such database (3D000),
 * missing privileges (42501), no usable schema on the search path (3F000). Undefined for anything else, an outage
 * included.
 */
export function storeMisconfiguration(sqlstate: unknown): string | undefined {
  return typeof sqlstate === 'string' && Object.hasOwn(FIXES, sqlstate) ? FIXES[sqlstate] : undefined;
}
