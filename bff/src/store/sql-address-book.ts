import type { AddressBookEntry, ListAddressesQuery } from '#contract/address-book';
import type { OperatorRef } from '#contract/operator-ref';
import type { CryptoDestinationAddress } from '#contract/destination-addresses';
import { bookKey } from '#contract/networks/canonical-address';
import type { Database, SqlParam } from './database';
import { likeContaining, likeEndingWith, likeStartingWith } from './like-pattern';
import type { AddressBook } from './address-book-port';
import { isoTime, jsonValue } from './sql-time';
import { foldSearchText, searchFoldSql } from '#contract/search-fold';

interface EntryRow {
  key: string;
  crypto_network: string;
  address: string;
  identity_id: string | null;
  nickname: string | null;
  bookmarked: boolean;
  has_travel_rule: boolean;
  upstream: unknown;
  saved_by_subject: string;
  saved_by_name: string;
  updated_at: unknown;
  version: number;
  receivable_from: unknown;
  archived_at: unknown;
  archived_by_subject: string | null;
  archived_by_name: string | null;
  memo: string | null;
}

const ENTRY_COLUMNS = `key, crypto_network, address, identity_id, nickname, bookmarked,
  has_travel_rule, upstream, saved_by_subject, saved_by_name, updated_at, version, receivable_from,
  archived_at, archived_by_subject, archived_by_name, memo`;

function toEntry(row: EntryRow): AddressBookEntry {
  return {
    key: row.key,
    crypto_network: row.crypto_network,
    address: row.address,
    ...(row.identity_id !== null ? { identity_id: row.identity_id } : {}),
    ...(row.nickname !== null ? { nickname: row.nickname } : {}),
    bookmarked: row.bookmarked,
    has_travel_rule: row.has_travel_rule,
    upstream: jsonValue<CryptoDestinationAddress>(row.upstream),
    saved_by: { subject: row.saved_by_subject, name: row.saved_by_name },
    updated_at: isoTime(row.updated_at),
    version: row.version,
    ...(row.receivable_from !== null && row.receivable_from !== undefined
      ? { receivable_from: isoTime(row.receivable_from) }
      : {}),
    ...(row.memo !== null && row.memo !== undefined && row.memo !== '' ? { memo: row.memo } : {}),
    ...(row.archived_at !== null && row.archived_at !== undefined
      ? {
          archived: {
            at: isoTime(row.archived_at),
            by: { subject: row.archived_by_subject ?? '', name: row.archived_by_name ?? '' },
          },
        }
      : {}),
  };
}

/** Positions split so that no round holds a key twice (its first saves first). */
function distinctRounds(keys: readonly string[]): number[][] {
  const rounds: number[][] = [];
  const seen = new Map<string, number>();
  keys.forEach((key, i) => {
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    (rounds[round] ??= []).push(i);
  });
  return rounds;
}

/** What a save writes of the service's answer (`request` names what the answer leaves out). */
function bookRowOf(
  address: CryptoDestinationAddress,
  operator: OperatorRef,
  request: { crypto_network?: string; identity_id?: string } = {},
) {
  const network = address.crypto_network ?? request.crypto_network;
  if (!network) throw new Error('recordSaved needs the crypto network of the address');
  const identityId = address.identity_id ?? request.identity_id;
  const travelRule = address.travelrule_metadata as { beneficiary?: unknown } | null | undefined;
  return {
    key: bookKey(network, address.address, identityId),
    crypto_network: network,
    address: address.address,
    identity_id: identityId ?? null,
    nickname: address.nickname ?? null,
    bookmarked: address.bookmarked ?? false,
    has_travel_rule:
      typeof travelRule === 'object' && travelRule !== null && travelRule.beneficiary !== undefined,
    upstream: address,
    saved_by_subject: operator.subject,
    saved_by_name: operator.name,
  };
}

/**
 * Saves of distinct keys in one statement, each entry with its history row (atomic as a
 * transaction of two statements a save was, without its rounds: an address import saves
 * thousands, and on PGlite each statement and each BEGIN/COMMIT is a round of its protocol,
 * docs/bench.md, "Address book import"). The rows are one JSON parameter (the drivers' array
 * parameters differ; JSON reads the same on PGlite and PostgreSQL). By key: the entries, or
 * (`versionsOnly`, an import's page) their new versions alone: a page's entries read back as
 * text and parsed were a third of that write's time.
 */
function writeSaved(
  db: Database,
  rows: ReadonlyArray<ReturnType<typeof bookRowOf>>,
): Promise<Map<string, AddressBookEntry>>;
function writeSaved(
  db: Database,
  rows: ReadonlyArray<ReturnType<typeof bookRowOf>>,
  versionsOnly: true,
): Promise<Map<string, number>>;
async function writeSaved(
  db: Database,
  rows: ReadonlyArray<ReturnType<typeof bookRowOf>>,
  versionsOnly = false,
): Promise<Map<string, AddressBookEntry | number>> {
  const saved = await db.query<EntryRow>(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(key text, crypto_network text,
         address text, identity_id text, nickname text, bookmarked boolean,
         has_travel_rule boolean, upstream jsonb, saved_by_subject text, saved_by_name text)
     ), saved AS (
       INSERT INTO address_book (key, crypto_network, address, identity_id, nickname, bookmarked,
         has_travel_rule, upstream, saved_by_subject, saved_by_name, version)
       SELECT key, crypto_network, address, identity_id, nickname, bookmarked,
         has_travel_rule, upstream, saved_by_subject, saved_by_name, 1 FROM input
       ON CONFLICT (key) DO UPDATE SET
         address = EXCLUDED.address, nickname = EXCLUDED.nickname,
         bookmarked = EXCLUDED.bookmarked, has_travel_rule = EXCLUDED.has_travel_rule,
         upstream = EXCLUDED.upstream, saved_by_subject = EXCLUDED.saved_by_subject,
         saved_by_name = EXCLUDED.saved_by_name, updated_at = now(),
         version = address_book.version + 1
       RETURNING ${ENTRY_COLUMNS}
     ), history AS (
       INSERT INTO address_history (key, version, operator_subject, operator_name, upstream)
       SELECT key, version, saved_by_subject, saved_by_name, upstream FROM saved
     )
     SELECT ${versionsOnly ? 'key, version' : '*'} FROM saved`,
    [JSON.stringify(rows)],
  );
  return new Map(saved.map((row) => [row.key, versionsOnly ? row.version : toEntry(row)]));
}

/** The beneficiary's and VASP's names from the saved Travel Rule data, as one searchable text. */
const TRAVEL_RULE_NAMES = `concat_ws(' ',
  upstream #>> '{travelrule_metadata,beneficiary,person_details,first_name}',
  upstream #>> '{travelrule_metadata,beneficiary,person_details,last_name}',
  upstream #>> '{travelrule_metadata,beneficiary,institution_details,name}',
  upstream #>> '{travelrule_metadata,vasp,name}',
  upstream #>> '{travelrule_metadata,vasp,custom_vasp_name}',
  upstream #>> '{travelrule_metadata,vasp,id}')`;

/** The memo kept with an entry on a memo network (issue 26 item 5): the console's own column. */
const setMemoOf =
  (db: Database): AddressBook['setMemo'] =>
  async (key, memo, networks) => {
    const rows = await db.query<EntryRow>(
      `UPDATE address_book SET memo = $2
       WHERE key = $1 AND crypto_network = ANY($3::text[])
       RETURNING ${ENTRY_COLUMNS}`,
      [key, memo ?? null, [...networks]],
    );
    return rows[0] ? toEntry(rows[0]) : undefined;
  };

/**
 * The list: nickname, beneficiary and VASP names (or the VASP's directory id) anywhere, the
 * address by its first or last characters; archived entries as asked; bookmarked first.
 */
const listOf =
  (db: Database): AddressBook['list'] =>
  async (query: ListAddressesQuery) => {
    const where: string[] = [];
    const params: SqlParam[] = [];
    if (query.crypto_network !== undefined) {
      params.push(query.crypto_network);
      where.push(`crypto_network = $${params.length}`);
    }
    const archived = query.archived ?? 'exclude';
    if (archived !== 'include')
      where.push(archived === 'only' ? 'archived_at IS NOT NULL' : 'archived_at IS NULL');
    const q = query.q?.trim();
    if (q) {
      // Nickname, beneficiary and VASP names anywhere (who an operator looks for); the address
      // by its first or last characters (how people read them).
      // Names are matched with case and accents folded ("muller" finds "Müller").
      params.push(
        likeContaining(foldSearchText(q)),
        likeStartingWith(q),
        likeEndingWith(q),
        likeStartingWith(q.replace(/^[A-Za-z]+:/, '')),
      );
      const n = params.length - 1;
      // A CashAddr is found by its start with or without the "bitcoincash:" prefix.
      where.push(
        `(${searchFoldSql('nickname')} LIKE $${n - 2} OR ${searchFoldSql(TRAVEL_RULE_NAMES)} LIKE $${n - 2}
            OR address ILIKE $${n - 1} OR address ILIKE $${n}
            OR regexp_replace(address, '^[A-Za-z]+:', '') ILIKE $${n + 1})`,
      );
    }
    params.push(query.limit ?? 100);
    const rows = await db.query<EntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM address_book
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY bookmarked DESC, lower(coalesce(nickname, '')), address, key
          LIMIT $${params.length}`,
      params,
    );
    return rows.map(toEntry);
  };

/** Archive (issue 26 item 9) and the export's pages by key (issue 28 item 2). */
function archiveAndPages(db: Database): Pick<AddressBook, 'setArchived' | 'page'> {
  return {
    async setArchived(key, archived, operator) {
      const rows = await db.query<EntryRow>(
        `UPDATE address_book SET
           archived_at = CASE WHEN $2 THEN coalesce(archived_at, now()) END,
           archived_by_subject = CASE WHEN $2 THEN coalesce(archived_by_subject, $3) END,
           archived_by_name = CASE WHEN $2 THEN coalesce(archived_by_name, $4) END
         WHERE key = $1
         RETURNING ${ENTRY_COLUMNS}`,
        [key, archived, operator.subject, operator.name],
      );
      return rows[0] ? toEntry(rows[0]) : undefined;
    },

    async page(afterKey, limit, archived = 'exclude') {
      // Keyset pages by key: the export holds one page at a time, whatever the book's size.
      const filter =
        archived === 'include'
          ? ''
          : archived === 'only'
            ? 'AND archived_at IS NOT NULL'
            : 'AND archived_at IS NULL';
      const rows = await db.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS} FROM address_book WHERE key > $1 ${filter}
          ORDER BY key LIMIT $2`,
        [afterKey, limit],
      );
      return rows.map(toEntry);
    },
  };
}

/** An entry by its id, the book's lists and pages, its archive and memos, a destination's history. */
function sqlAddressBookReads(
  db: Database,
): Pick<AddressBook, 'findById' | 'list' | 'setArchived' | 'page' | 'setMemo' | 'history'> {
  return {
    async findById(id) {
      const rows = await db.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS} FROM address_book WHERE upstream->>'id' = $1
          ORDER BY updated_at DESC LIMIT 1`,
        [id],
      );
      return rows[0] ? toEntry(rows[0]) : undefined;
    },

    list: listOf(db),

    ...archiveAndPages(db),
    setMemo: setMemoOf(db),

    async history(key) {
      const rows = await db.query<{
        version: number;
        at: unknown;
        operator_subject: string;
        operator_name: string;
        upstream: unknown;
      }>(
        `SELECT version, at, operator_subject, operator_name, upstream
           FROM address_history WHERE key = $1 ORDER BY version`,
        [key],
      );
      return rows.map((row) => ({
        version: row.version,
        at: isoTime(row.at),
        operator: { subject: row.operator_subject, name: row.operator_name },
        address: jsonValue<CryptoDestinationAddress>(row.upstream),
      }));
    },
  };
}

export function createSqlAddressBook(db: Database): AddressBook {
  const get: AddressBook['get'] = async (key) => {
    const rows = await db.query<EntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM address_book WHERE key = $1`,
      [key],
    );
    return rows[0] ? toEntry(rows[0]) : undefined;
  };
  return {
    async recordSaved(address, operator: OperatorRef, request = {}) {
      const row = bookRowOf(address, operator, request);
      return (await writeSaved(db, [row])).get(row.key)!;
    },

    async recordSavedMany(saves) {
      const input = saves.map((save) => bookRowOf(save.address, save.operator, save.request));
      const versions = new Array<number>(input.length);
      // An upsert cannot change the same row twice in one statement: a key saved twice is
      // written by a second statement after the first (the versions of two recordSaved calls).
      for (const round of distinctRounds(input.map((row) => row.key))) {
        const byKey = await writeSaved(
          db,
          round.map((i) => input[i]!),
          true,
        );
        for (const i of round) versions[i] = byKey.get(input[i]!.key)!;
      }
      return versions;
    },

    find: (network, address, identityId) => get(bookKey(network, address, identityId)),

    async getMany(keys) {
      if (keys.length === 0) return new Map();
      const rows = await db.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS} FROM address_book WHERE key = ANY($1::text[])`,
        [[...keys]],
      );
      return new Map(rows.map((row) => [row.key, toEntry(row)]));
    },

    get,

    ...sqlAddressBookReads(db),
  };
}
