/**
 * The node directory (docs/decisions/0005-server-nodes.md): which server
 * node an account lives on. This node answers from its own accounts and
 * the account_directory table; other nodes are asked over HTTP (their
 * getnodeByDealer with `localOnly`), never the other way round, so lookups
 * cannot loop.
 */

import { normalizeMobile } from '@ac/protocol/common';
import type { TNodeRef } from '@ac/protocol/registration';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import type { UserService } from '../user/user.service.ts';
import { createNodesRepo } from './nodes.repo.ts';

/** Asks one other node whether an account lives there; null when it does not or cannot tell. */
export type PeerLookup = (account: string) => Promise<TNodeRef | null>;

export type NodeDirectory = {
  /** This node as the node list shows it. */
  self(): Promise<TNodeRef>;
  /** From this node's own knowledge only: its live accounts and the directory table. */
  locateLocal(account: string): Promise<TNodeRef | null>;
  /** This node's knowledge, then the other nodes; null when no node knows the account. */
  locate(account: string): Promise<TNodeRef | null>;
  /** The other node an account lives on; null when it lives here or nowhere. */
  elsewhere(account: string): Promise<TNodeRef | null>;
  /** The configured nodes. */
  list(): Promise<{ code: string; name: string; region: string; url: string }[]>;
  /** Records, inside `tx`, that a new account lives on this node. */
  claim(account: string, at: Date, tx: DbOrTx): Promise<void>;
  /** Account deletion: this node's directory entries of the addresses go. */
  forget(accounts: string[], tx: DbOrTx): Promise<void>;
};

/** An account as the directory and the other nodes are asked it: the email lower-cased, a mobile in E.164. */
export function directoryAccount(account: string): string {
  const a = account.trim();
  return a.includes('@') ? a.toLowerCase() : (normalizeMobile(a) ?? a);
}

/** The directory key: SHA-256 of the email (lower-cased) or mobile (E.164), so the table holds no addresses. */
export function accountKey(account: string): string {
  return sha256Hex(directoryAccount(account));
}

/**
 * The key a mainland number was filed under before migration 0009 (its 11 digits), or null.
 * That migration re-keyed the entries of this node's own users only: an entry naming another
 * node (a directory shared by several nodes) keeps its old key until a lookup moves it.
 */
export function legacyAccountKey(account: string): string | null {
  const a = directoryAccount(account);
  return /^\+861\d{10}$/.test(a) ? sha256Hex(a.slice(3)) : null;
}

type Deps = {
  db: Db;
  users: Pick<UserService, 'findByAccount'>;
  selfCode: string;
  /** This node's web URL, used if the node list was not seeded. */
  selfUrl: string;
  peers: readonly PeerLookup[];
};

const toRef = (row: { code: string; name: string; url: string }): TNodeRef => ({
  code: row.code,
  name: row.name,
  url: row.url,
});

export function createNodeDirectory(d: Deps): NodeDirectory {
  const nodes = createNodesRepo(d.db);

  async function self() {
    const row = await nodes.findNode(d.selfCode);
    return row ? toRef(row) : { code: d.selfCode, name: d.selfCode, url: d.selfUrl };
  }

  async function locateLocal(account: string) {
    if (await d.users.findByAccount(account)) return self();
    const entry = await findEntry(account);
    // a row naming this node without a live account is a deleted account: unknown
    if (!entry || entry.nodeCode === d.selfCode) return null;
    const node = await nodes.findNode(entry.nodeCode);
    return node ? toRef(node) : null;
  }

  /** The entry under the account's key, or under its pre-0009 key, moved to the E.164 key as it is found. */
  async function findEntry(account: string) {
    const key = accountKey(account);
    const entry = await nodes.findDirectoryEntry(key);
    const legacy = entry ? null : legacyAccountKey(account);
    if (!legacy) return entry;
    try {
      const moved = await nodes.rekeyDirectoryEntry(legacy, key);
      if (moved) return moved;
    } catch (e) {
      // the E.164 key was written meanwhile (a registration): that entry is the current one
      if (!isUniqueViolation(e)) throw e;
    }
    return nodes.findDirectoryEntry(key);
  }

  async function locate(account: string) {
    const local = await locateLocal(account);
    if (local || d.peers.length === 0) return local;
    // the other nodes are asked the normalised form, the one their directories are keyed by
    const asked = directoryAccount(account);
    const answers = await Promise.all(d.peers.map((ask) => ask(asked)));
    return answers.find((a) => a !== null) ?? null;
  }

  return {
    self,
    locateLocal,
    locate,
    async elsewhere(account) {
      const node = await locate(account);
      return node && node.code !== d.selfCode ? node : null;
    },
    list: () => nodes.listNodes(),
    claim: (account, at, tx) => createNodesRepo(tx).claimAccount(accountKey(account), d.selfCode, at),
    async forget(accounts, tx) {
      const keys = accounts.flatMap((a) => [accountKey(a), legacyAccountKey(a)].filter((k) => k !== null));
      if (keys.length) await createNodesRepo(tx).forgetEntries(keys, d.selfCode);
    },
  };
}
