import type { PageChange, VersionSummary } from '../../src/contracts/versions.ts';
import { isoDate } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

export type { VersionSummary } from '../../src/contracts/versions.ts';

/** A version with its document (the encoded Yjs state, base64). */
export type StoredVersion = VersionSummary & { state: string };

type Row = {
  id: number;
  name: string;
  kind: 'named' | 'publish';
  created_at: Date | string;
  author_id: number | null;
  author_name: string;
  changes: PageChange[] | string;
  state?: string;
};

const COLUMNS = 'id, name, kind, created_at, author_id, author_name, changes';

function toSummary(row: Row): VersionSummary {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    createdAt: isoDate(row.created_at),
    author: { id: row.author_id, name: row.author_name },
    changes: typeof row.changes === 'string' ? (JSON.parse(row.changes) as PageChange[]) : row.changes,
  };
}

/** An account's website's versions, newest first. */
export async function listVersions(
  db: Queryable,
  accountId: number,
  websiteId: number,
): Promise<VersionSummary[]> {
  const rows = await db.query<Row>(
    `select ${COLUMNS} from website_versions where account_id = $1 and website_id = $2 order by id desc`,
    [accountId, websiteId],
  );
  return rows.map(toSummary);
}

/** One version of an account's website, with its state; null when there is none such. */
export async function findVersion(
  db: Queryable,
  accountId: number,
  websiteId: number,
  versionId: number,
): Promise<StoredVersion | null> {
  const row = await db.one<Row & { state: string }>(
    `select ${COLUMNS}, state from website_versions where account_id = $1 and website_id = $2 and id = $3`,
    [accountId, websiteId, versionId],
  );
  return row ? { ...toSummary(row), state: row.state } : null;
}

/** The newest version's state of a website ('' when it has none): what the next one is compared with. */
export async function latestVersionState(
  db: Queryable,
  accountId: number,
  websiteId: number,
): Promise<string> {
  const row = await db.one<{ state: string }>(
    'select state from website_versions where account_id = $1 and website_id = $2 order by id desc limit 1',
    [accountId, websiteId],
  );
  return row?.state ?? '';
}

export type NewVersion = {
  accountId: number;
  websiteId: number;
  name: string;
  kind: 'named' | 'publish';
  author: { id: number; name: string };
  state: string;
  changes: PageChange[];
};

/** Adds a version, then drops the website's oldest beyond the newest `retention`. */
export async function insertVersion(
  db: Queryable,
  version: NewVersion,
  retention: number,
): Promise<VersionSummary> {
  const row = await db.one<Row>(
    `insert into website_versions (account_id, website_id, name, kind, author_id, author_name, state, changes)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) returning ${COLUMNS}`,
    [
      version.accountId,
      version.websiteId,
      version.name,
      version.kind,
      version.author.id,
      version.author.name,
      version.state,
      JSON.stringify(version.changes),
    ],
  );
  if (!row) throw new Error('the version was not stored');
  await db.query(
    `delete from website_versions where account_id = $1 and website_id = $2 and id not in (
       select id from website_versions where account_id = $1 and website_id = $2 order by id desc limit $3)`,
    [version.accountId, version.websiteId, retention],
  );
  return toSummary(row);
}
