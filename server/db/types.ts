import type { PGlite } from '@electric-sql/pglite';
import type { PgNotifications } from './pgNotifications.ts';

/** What a query can run on: the database itself or an open transaction. */
export type Queryable = {
  /** One statement with `$1…` parameters; returns the rows. */
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** The first row, or null when there is none. */
  one<T>(sql: string, params?: readonly unknown[]): Promise<T | null>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
};

export type DbKind = 'pglite' | 'postgres';

export type Db = Queryable & {
  kind: DbKind;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Inside `fn` use only `tx`: on PGlite the database is locked for the transaction's duration,
   * so calling `db` from inside would wait forever.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the instance itself, for pg-boss's adapter (its statements queue on the same lock). */
  pglite?: PGlite;
  /**
   * PostgreSQL only: the process's one LISTEN connection, shared by everything that hears notifications
   * (the generations below, the invalidation bus).
   */
  notifications?: PgNotifications;
  /**
   * Where only this process can write (PGlite owns its data directory), a counter that moves after every
   * statement that may write, so in-process caches of rows know when to forget them. null where other
   * processes may write too (PostgreSQL): there, nothing may be cached across requests on this alone.
   */
  writeGeneration: (() => number) | null;
  /**
   * For the rows behind authentication (users, memberships) only: moves after every write of this process
   * and, on PostgreSQL, on every `auth_rows` notification (another process changed one; migration 0007).
   */
  authRowsGeneration: () => number;
  /**
   * For the store catalogue (stores, products) only: moves after every write of this process and, on
   * PostgreSQL, on every `catalogue_rows` notification (another process changed one; migration 0015).
   */
  catalogueGeneration: () => number;
  /**
   * For the CRM's contact list (contacts, list memberships) only: moves after every write of this process
   * and, on PostgreSQL, on every `contacts_rows` notification (migration 0015).
   */
  contactsGeneration: () => number;
};
