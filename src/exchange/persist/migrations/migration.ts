/** One step of the venue file's schema: applied once, in version order, inside one transaction. */
export interface Migration {
  /** The schema version the file has once this step ran (`PRAGMA user_version`). */
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
