/**
 * The per-address Durable Object, named by `mailboxKey(address)` (a keyed hash of the address's
 * mailbox: `bob+1@example.org` is bob@example.org's; the address itself is never stored here). It
 * holds, for one mailbox across all matches:
 * - the hourly send limit (timestamps of the last hour's sends, one row);
 * - the muted rematch chains (and matches muted before chains existed), and the key that signs
 *   this address's mute and block links;
 * - the block: once set from a link mailed to this address, no match mail goes to it, whoever
 *   types it; only a link mailed to it on request (the unblock tokens, hashes only, 24 h) lifts it;
 * - the address's matches (id, seat, title, status), for the "my matches" page;
 * - the "my matches" magic-link tokens (hashes only, 24 h);
 * - the mail preferences (address-prefs.ts) and the daily digest's alarm (digest.ts);
 * - the old objects merged here (address-move.ts): objects used to be named by the whole address,
 *   and a tagged address's old object hands its state over here once (`absorb`), then keeps only a
 *   forwarding marker (`movedTo`) for the links mailed before; their mute and block tokens verify here.
 * Every method is a typed RPC call that returns a value; expected failures are values.
 */

import { DurableObject } from 'cloudflare:workers';
import { type Env, testSeamsEnabled } from '../env';
import { base64url, fromBase64url, hashToken, newToken } from '../tokens';
import { addressStubIn } from './address';
import { readKv, writeKv } from './address-kv';
import {
  absorbedMuteKeys,
  clearMoved,
  createMoveTable,
  type HandOver,
  handOverOf,
  hasAbsorbed,
  markMoved,
  movedTo,
  takeHandOver,
} from './address-move';
import {
  AddressPrefs,
  type PendingPrefs,
  PREFS_LINKS_A_DAY,
  type SeatRef,
  sameZoned,
  type ZonedPrefs,
} from './address-prefs';
import { RowCounter } from './bench-counters';
import { hourlyLimit } from './config';
import { type DigestSource, runDigest } from './digest';
import { withCap } from './mail-quota';
import { mailTiming, type Timing } from './quiet';
import { senderOf } from './sender-of';
import type { TimingAsk } from './timing';
import type { MailSender } from './types';

/** What a match mail is about: the match, and its rematch chain (the id of the chain's first match). */
export interface MailTarget {
  matchId: string;
  chainId: string;
}

/** The tokens of a match mail's links: `mute` mutes the chain, `block` stops every match mail. */
export interface MailTokens {
  mute: string;
  block: string;
}

/**
 * Outcome of `admit`: may this mail go to this address now? When a match mail is admitted, the
 * tokens of its mute and block links come along (also for List-Unsubscribe), saving a second call.
 */
export type Admission =
  | { ok: true; tokens: MailTokens | null }
  | { ok: false; reason: 'muted' | 'blocked' }
  | { ok: false; reason: 'rate_limited'; retryAtMs: number };

/**
 * What a seat's change of its mail preferences asks of the confirmation links: `same` they are the
 * address's already (no link); `sent` the live link carries exactly them (no new one); `mail` a new
 * link may be mailed (it replaces the live one); `seat` none may (the address blocked mail, or
 * `PREFS_LINKS_A_DAY` went out today): the change stays this seat's.
 */
export type PrefsLinkPlan = 'same' | 'sent' | 'mail' | 'seat';

/** One of the address's matches. `status` as in MatchInfo. */
export interface AddressMatch {
  matchId: string;
  seat: number;
  title: string;
  status: 'lobby' | 'playing' | 'finished';
  updatedAt: number;
}

/** The tables of mailed tokens (hashes only): "my matches" links and unblock links. */
type TokenTable = 'magic' | 'unblock';

/** How long a "my matches" magic link (and an unblock link) works. */
export const MAGIC_LINK_HOURS = 24;
const HOUR_MS = 3_600_000;

/** The HMAC key of a stored mute-link key (base64url). */
function importMuteKey(raw: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64url(raw), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

/** Constant-time comparison of two strings of the same alphabet. */
function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The mail state of one address. */
export class MailAddressDurableObject extends DurableObject<Env> {
  /** The object's SQL storage, its tables not yet made (see `sql`). */
  private readonly storage: SqlStorage;
  /** The mail preferences and the digest schedule, once the tables are made (see `sql`). */
  private addressPrefs: AddressPrefs | null = null;
  /** Test seams only: a fixed clock (ms) and a sender for the digest. */
  private testHooks: { nowMs?: number; sender?: MailSender } = {};
  /** Test seams only: the rows this object wrote, for the server benchmark. */
  private readonly rows: RowCounter | null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.rows = testSeamsEnabled(env) ? new RowCounter() : null;
    this.storage = this.rows ? this.rows.wrap(ctx.storage.sql) : ctx.storage.sql;
  }

  /**
   * Makes the tables on first use and gives the preferences over them. Lazily: asking the object of
   * an address never seen before whether it has state to hand over (`handOver`) must not write
   * its schema (rows written, on the free plan's daily budget).
   */
  private ready(): AddressPrefs {
    if (!this.addressPrefs) {
      const sql = this.storage;
      sql.exec(`CREATE TABLE IF NOT EXISTS kv (k TEXT PRIMARY KEY, v TEXT NOT NULL)`);
      sql.exec(`CREATE TABLE IF NOT EXISTS mutes (match_id TEXT PRIMARY KEY, at INTEGER NOT NULL)`);
      sql.exec(`CREATE TABLE IF NOT EXISTS matches (
        match_id TEXT NOT NULL, seat INTEGER NOT NULL, title TEXT NOT NULL, status TEXT NOT NULL,
        updated_at INTEGER NOT NULL, PRIMARY KEY (match_id, seat))`);
      sql.exec(`CREATE TABLE IF NOT EXISTS magic (token_hash TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)`);
      sql.exec(
        `CREATE TABLE IF NOT EXISTS unblock (token_hash TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)`,
      );
      // The preferences share the kv table.
      this.addressPrefs = new AddressPrefs(sql);
      createMoveTable(sql);
    }
    return this.addressPrefs;
  }

  /** The SQL storage, its tables made (`ready`). */
  private get sql(): SqlStorage {
    this.ready();
    return this.storage;
  }

  /** The mail preferences and the digest schedule (address-prefs.ts). */
  private get prefs(): AddressPrefs {
    return this.ready();
  }

  /**
   * True when this object stored anything ever (its tables exist); a read of the schema only. The
   * checks of a link's token ask it first, so a link with a made-up key writes no schema either.
   */
  private stored(): boolean {
    return this.storage.exec(`SELECT 1 FROM sqlite_master WHERE name = 'kv'`).toArray().length > 0;
  }

  // The move from the objects named by the whole address (address-move.ts).

  /** The mailbox's key this object handed its state over to, or null (links then follow it: `linkStub`). */
  async movedTo(): Promise<string | null> {
    return this.stored() ? movedTo(this.sql) : null;
  }

  /**
   * Asked by the mailbox's object `toKey` (`absorb`): this object's state, or null when it holds
   * nothing. It is marked as handed over (links forward from now on) and its digest stops; its rows
   * stay until `release`, so a merge that did not finish is asked again and gets the same.
   */
  async handOver(toKey: string): Promise<HandOver | null> {
    if (!this.stored()) return null;
    const h = handOverOf(this.sql, { prefs: this.prefs, matches: this.matches() }, this.now());
    if (!h) return null;
    markMoved(this.sql, toKey);
    await this.ctx.storage.deleteAlarm();
    return h;
  }

  /** Deletes this object's state but the forwarding marker, once `toKey` wrote the merge. */
  async release(toKey: string): Promise<void> {
    if (this.stored() && movedTo(this.sql) === toKey) clearMoved(this.sql);
  }

  /**
   * Takes over, once, the state of `oldKey`'s object (the address's object from before mailboxes)
   * into this object, the mailbox's, named `selfKey` (address-move.ts: a block or mute anywhere
   * stays). Later calls for the same `oldKey` read one row and write none. Other calls wait while it
   * runs, so nobody reads this object half merged.
   */
  async absorb(selfKey: string, oldKey: string): Promise<void> {
    if (hasAbsorbed(this.sql, oldKey)) return;
    const old = addressStubIn(this.env, oldKey);
    if (!old) return;
    let moved = false;
    let failure: unknown = null;
    await this.ctx.blockConcurrencyWhile(async () => {
      // Caught here: a throw inside blockConcurrencyWhile would reset the whole object.
      try {
        if (hasAbsorbed(this.sql, oldKey)) return;
        const h = await old.handOver(selfKey);
        const now = this.now();
        // One transaction: the merge and its `absorbed` row are written together or not at all.
        const prefsCame = this.ctx.storage.transactionSync(() =>
          takeHandOver(this.sql, this.prefs, oldKey, h, now),
        );
        if (prefsCame) {
          this.set('self', selfKey);
          await this.alarmAt(this.prefs.reschedule(now));
        }
        moved = h !== null;
      } catch (e) {
        failure = e;
      }
    });
    // Nothing was merged (the old object keeps its state): the caller fails, the next use asks again.
    if (failure) throw failure;
    if (!moved) return;
    try {
      await old.release(selfKey);
    } catch (e) {
      // Harmless: the old object forwards already; its rows only wait for the next release.
      console.warn(`address: release of a moved object failed: ${String(e).slice(0, 200)}`);
    }
  }

  // Mail preferences and the daily digest.

  /**
   * Sets `at`'s own mail preferences (from its match, for the seat whose address has the key
   * `selfKey`, this object's name) and moves the digest's alarm.
   */
  async setSeatPrefs(selfKey: string, at: SeatRef, z: ZonedPrefs, nowMs: number): Promise<void> {
    this.set('self', selfKey);
    this.prefs.setSeat(at, z);
    await this.alarmAt(this.prefs.reschedule(nowMs));
  }

  /**
   * Notes the zone a seat of this address reported in its match (for the address whose key is
   * `selfKey`, this object's name), so the first mails of its next matches keep its quiet hours.
   * One row written when the zone changed, none otherwise.
   */
  async noteZone(selfKey: string, zone: string): Promise<void> {
    this.set('self', selfKey);
    this.prefs.noteZone(zone);
  }

  /**
   * Gives seat `to` (a rematch's) the own preferences seat `from` still has here, if any, and moves
   * the digest's alarm; nothing when `from` follows the address's.
   */
  async copySeatPrefs(selfKey: string, from: SeatRef, to: SeatRef, nowMs: number): Promise<void> {
    const own = this.prefs.own(from);
    if (own) await this.setSeatPrefs(selfKey, to, own, nowMs);
  }

  /** The preferences in force for `at` (see AddressPrefs `effective`); `seatZone`: the seat's reported zone. */
  async prefsFor(at: SeatRef, seatZone: string | null): Promise<ZonedPrefs> {
    return this.prefs.effective(at, seatZone);
  }

  /** `at`'s own preferences kept here, or null (never set, or replaced by confirmed ones). */
  async seatPrefsOf(at: SeatRef): Promise<ZonedPrefs | null> {
    return this.prefs.own(at);
  }

  /** The address's confirmed preferences, or null. */
  async confirmedPrefs(): Promise<ZonedPrefs | null> {
    return this.prefs.confirmed();
  }

  /**
   * What a change of a seat's preferences to `z` at `nowMs` asks of the confirmation links (a read
   * only): see `PrefsLinkPlan`.
   */
  async prefsLinkPlan(z: ZonedPrefs, nowMs: number): Promise<PrefsLinkPlan> {
    const p = this.prefs;
    if (sameZoned(p.confirmed(), z)) return 'same';
    if (sameZoned(p.liveConfirmation(nowMs), z)) return 'sent';
    if (this.isBlocked() || p.linksToday(nowMs) >= PREFS_LINKS_A_DAY) return 'seat';
    return 'mail';
  }

  /**
   * A seat changed its preferences to `z`: the live confirmation link, unless it carries exactly
   * `z`, is replaced (opened, it says so and applies nothing: it would undo this change); `z` null:
   * whatever it carries. One row written when a link was replaced, none otherwise.
   */
  async replacePrefsLink(z: ZonedPrefs | null, nowMs: number): Promise<void> {
    if (!z || !sameZoned(this.prefs.liveConfirmation(nowMs), z)) this.prefs.replaceLive(nowMs);
  }

  /**
   * A confirmation token for `z` (24 h; the live one, if any, is replaced), or null once
   * `PREFS_LINKS_A_DAY` links went out in the last 24 h, however often a match asks.
   */
  async newPrefsConfirmation(z: ZonedPrefs, nowMs: number): Promise<string | null> {
    if (this.prefs.linksToday(nowMs) >= PREFS_LINKS_A_DAY) return null;
    const token = newToken();
    await this.prefs.newConfirmation(z, nowMs, token);
    return token;
  }

  /** What a confirmation token is (the page shows its change, or says a later one replaced it), or null. */
  async pendingPrefs(token: string, nowMs: number): Promise<PendingPrefs | null> {
    if (!this.stored()) return null;
    return this.prefs.pending(token, this.testHooks.nowMs ?? nowMs);
  }

  /** Makes a live token's preferences the address's own, for all its matches. False for a wrong token. */
  async confirmPrefs(selfKey: string, token: string, at: number): Promise<boolean> {
    const nowMs = this.testHooks.nowMs ?? at;
    if (!this.stored() || !(await this.prefs.confirm(token, nowMs))) return false;
    this.set('self', selfKey);
    await this.alarmAt(this.prefs.reschedule(nowMs));
    return true;
  }

  /** The digest: see digest.ts `runDigest`. An alarm that runs twice sends one digest. */
  override async alarm(): Promise<void> {
    // A moved object's digest runs at the mailbox's object.
    if (movedTo(this.sql) !== null) return;
    const next = await runDigest(
      {
        prefs: this.prefs,
        selfKey: () => this.get('self'),
        matches: () => this.matches(),
        source: (matchId) =>
          this.env.MATCH
            ? (this.env.MATCH.get(this.env.MATCH.idFromName(matchId)) as unknown as DigestSource)
            : null,
        stopped: (about) => this.stopped(about),
        isBlocked: () => this.isBlocked(),
        admit: (target, nowMs, limit) => this.admit(target, nowMs, limit),
        blockToken: () => this.blockToken(),
        hourlyLimit: () => hourlyLimit(this.env),
        sender: (origin) =>
          withCap(this.testHooks.sender ?? senderOf(this.env, origin), {
            env: this.env,
            now: () => this.now(),
          }),
      },
      this.now(),
    );
    await this.alarmAt(next);
  }

  /** Test seams only: a fixed clock (ms) and a sender for the digest. Ignored otherwise. */
  setTestHooks(hooks: { nowMs?: number; sender?: MailSender }): void {
    if (testSeamsEnabled(this.env)) this.testHooks = hooks;
  }

  /** Test seams only: rows written (in all and per statement) and `setAlarm` calls since this object started; null otherwise. */
  benchRows(): {
    rowsWritten: number;
    alarmWrites: number;
    rowsByStatement: Record<string, number>;
  } | null {
    return (
      this.rows && {
        rowsWritten: this.rows.rowsWritten,
        alarmWrites: this.rows.alarmWrites,
        rowsByStatement: this.rows.byStatement(),
      }
    );
  }

  /** This object's time (ms since the epoch): the real clock, or the test seams' fixed one. */
  private now(): number {
    return this.testHooks.nowMs ?? Date.now();
  }

  private async alarmAt(atMs: number | null): Promise<void> {
    if (atMs === null) await this.ctx.storage.deleteAlarm();
    else {
      await this.ctx.storage.setAlarm(atMs);
      if (this.rows) this.rows.alarmWrites++;
    }
  }

  private get(k: string): string | null {
    return readKv(this.sql, k);
  }

  private set(k: string, v: string): void {
    writeKv(this.sql, k, v);
  }

  /**
   * Checks the block, the mute list and the hourly limit for a mail about `target` (a match id
   * alone: a match that is its own chain; null: a mail the address asked for, about no match, such
   * as the magic link) and, when admitted, counts it. At most `limit` admissions in any rolling
   * hour. Atomic: a Durable Object runs one call at a time.
   */
  async admit(target: MailTarget | string | null, nowMs: number, limit: number): Promise<Admission> {
    const about = typeof target === 'string' ? { matchId: target, chainId: target } : target;
    const stopped = about === null ? null : await this.stopped(about);
    if (stopped) return { ok: false, reason: stopped };
    const recent = (JSON.parse(this.get('sends') ?? '[]') as number[]).filter((t) => t > nowMs - HOUR_MS);
    if (recent.length >= limit)
      return { ok: false, reason: 'rate_limited', retryAtMs: Math.min(...recent) + HOUR_MS };
    recent.push(nowMs);
    this.set('sends', JSON.stringify(recent.slice(-Math.max(limit, 1))));
    if (about === null) return { ok: true, tokens: null };
    return {
      ok: true,
      tokens: { mute: await this.muteToken(about.chainId), block: await this.blockToken() },
    };
  }

  /**
   * A match mail's one call to this object: the preferences in force for `at` (its seat, zone
   * `seatZone`) decide its timing (`mailTiming` on `ask`: quiet hours, digest); only when it goes
   * now is it admitted (`admit`: block, mute, hourly limit). The same as `prefsFor`, then `admit`
   * when the timing says `send`, in one request.
   */
  async admitOnTime(
    at: SeatRef,
    seatZone: string | null,
    ask: TimingAsk,
    target: MailTarget,
    limit: number,
  ): Promise<{ timing: Timing; admission?: Admission }> {
    const z = this.prefs.effective(at, seatZone);
    const timing = mailTiming({ ...ask, prefs: z.prefs, timeZone: z.timeZone });
    if (timing.action !== 'send') return { timing };
    return { timing, admission: await this.admit(target, ask.nowMs, limit) };
  }

  /**
   * Why mails about `about` no longer go to this address (`blocked`: every match mail; `muted`:
   * its chain, or a match muted before chains existed), or null. Asked by `admit`, and again before
   * a retried send of a mail admitted earlier.
   */
  async stopped(about: MailTarget): Promise<'blocked' | 'muted' | null> {
    if (this.isBlocked()) return 'blocked';
    if (this.isMuted(about.chainId) || this.isMuted(about.matchId)) return 'muted';
    return null;
  }

  /** True when mails about `id` (a chain, or a match muted before chains existed) are muted here. */
  isMuted(matchId: string): boolean {
    return this.sql.exec('SELECT 1 FROM mutes WHERE match_id = ?', matchId).toArray().length > 0;
  }

  /** This address's mute-link key; made on first use. */
  private async muteKey(): Promise<CryptoKey> {
    let raw = this.get('muteKey');
    if (raw === null) {
      raw = newToken();
      this.set('muteKey', raw);
    }
    return importMuteKey(raw);
  }

  /**
   * True if `token` signs `message` under this object's mute-link key or that of an old object
   * merged here (links mailed before the move). No key is made here.
   */
  private async signedHere(message: string, token: string): Promise<boolean> {
    if (!this.stored()) return false;
    const own = this.get('muteKey');
    for (const raw of own === null ? absorbedMuteKeys(this.sql) : [own, ...absorbedMuteKeys(this.sql)]) {
      if (sameString(await this.tokenUnder(await importMuteKey(raw), message), token)) return true;
    }
    return false;
  }

  /**
   * The mute token for `matchId` (a chain id, or a match id in links sent before chains):
   * HMAC-SHA-256 under this address's own random key, so the same link works in every mail and
   * nothing but the key is stored. It can only mute or unmute.
   */
  async muteToken(matchId: string): Promise<string> {
    return this.tokenUnder(await this.muteKey(), `mute:${matchId}`);
  }

  /** The token of this address's "stop all mail" link (the same in every mail; it can only block). */
  async blockToken(): Promise<string> {
    return this.tokenUnder(await this.muteKey(), 'block');
  }

  private async tokenUnder(key: CryptoKey, message: string): Promise<string> {
    const sig = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
    return base64url(sig).slice(0, 32);
  }

  /** True if `token` is this address's block token, or an old merged object's (no key is made here). */
  async isBlockToken(token: string): Promise<boolean> {
    return this.signedHere('block', token);
  }

  /** True while no match mail may go to this address. */
  isBlocked(): boolean {
    return this.get('blockedAt') !== null;
  }

  /** Blocks every match mail to this address if `token` is its block token. Returns false for a wrong token. */
  async block(token: string, nowMs: number): Promise<boolean> {
    if (!(await this.isBlockToken(token))) return false;
    if (!this.isBlocked()) this.set('blockedAt', String(nowMs));
    return true;
  }

  /**
   * A new unblock token (valid MAGIC_LINK_HOURS), to be mailed to this address only; only its hash
   * is stored.
   */
  async newUnblockToken(nowMs: number): Promise<string> {
    return this.newToken('unblock', nowMs);
  }

  /**
   * True while an unblock link mailed at most MAGIC_LINK_HOURS ago still works: then no other is
   * mailed, so nobody can use the unblock form to keep mailing a blocked address.
   */
  async unblockMailed(nowMs: number): Promise<boolean> {
    return (
      this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM unblock WHERE expires_at > ?', nowMs).one().n >
      0
    );
  }

  /** True if `token` is a live unblock token. */
  async isUnblockToken(token: string, nowMs: number): Promise<boolean> {
    return this.isLiveToken('unblock', token, nowMs);
  }

  /** Lifts the block if `token` is a live unblock token (used once). Returns false otherwise. */
  async unblock(token: string, nowMs: number): Promise<boolean> {
    if (!(await this.isUnblockToken(token, nowMs))) return false;
    this.sql.exec('DELETE FROM unblock WHERE token_hash = ?', await hashToken(token));
    this.sql.exec(`DELETE FROM kv WHERE k = 'blockedAt'`);
    return true;
  }

  /**
   * True if `token` is the mute token of `matchId` for this address, or for an old object merged
   * here (the mute page checks it before showing its button). An address that never got a mute link
   * has no key, and no key is made here.
   */
  async isMuteToken(matchId: string, token: string): Promise<boolean> {
    return this.signedHere(`mute:${matchId}`, token);
  }

  /**
   * Mutes (`muted: true`) or unmutes `matchId` (a chain id, or a match id from an older link) if
   * `token` is its mute token. Returns false for a wrong token.
   */
  async setMuted(matchId: string, token: string, muted: boolean, nowMs: number): Promise<boolean> {
    if (!(await this.isMuteToken(matchId, token))) return false;
    if (muted) this.sql.exec('INSERT OR REPLACE INTO mutes (match_id, at) VALUES (?, ?)', matchId, nowMs);
    else this.sql.exec('DELETE FROM mutes WHERE match_id = ?', matchId);
    return true;
  }

  /** Records (or updates) one of the address's seats. A finished match stays listed until `forget`. */
  track(m: AddressMatch): void {
    const count = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM matches').one().n;
    if (count >= 200) {
      // Keep the list bounded: drop the oldest finished entry first.
      this.sql.exec(
        `DELETE FROM matches WHERE rowid = (SELECT rowid FROM matches ORDER BY status != 'finished', updated_at LIMIT 1)`,
      );
    }
    this.sql.exec(
      `INSERT OR REPLACE INTO matches (match_id, seat, title, status, updated_at) VALUES (?, ?, ?, ?, ?)`,
      m.matchId,
      m.seat,
      m.title,
      m.status,
      m.updatedAt,
    );
  }

  /** Forgets a match (deleted or expired), or one seat of it. */
  forget(matchId: string, seat?: number): void {
    if (seat === undefined) this.sql.exec('DELETE FROM matches WHERE match_id = ?', matchId);
    else this.sql.exec('DELETE FROM matches WHERE match_id = ? AND seat = ?', matchId, seat);
  }

  /** The address's matches, open ones first, most recent first. */
  matches(): AddressMatch[] {
    return this.sql
      .exec<{
        match_id: string;
        seat: number;
        title: string;
        status: string;
        updated_at: number;
      }>(`SELECT * FROM matches ORDER BY status = 'finished', updated_at DESC LIMIT 200`)
      .toArray()
      .map((r) => ({
        matchId: r.match_id,
        seat: r.seat,
        title: r.title,
        status: r.status as AddressMatch['status'],
        updatedAt: r.updated_at,
      }));
  }

  /** A new magic-link token (valid MAGIC_LINK_HOURS); only its hash is stored. */
  async newMagicToken(nowMs: number): Promise<string> {
    return this.newToken('magic', nowMs);
  }

  /** The open matches if `token` is a live magic token, else null. */
  async openMatches(token: string, nowMs: number): Promise<AddressMatch[] | null> {
    if (!(await this.isLiveToken('magic', token, nowMs))) return null;
    return this.matches().filter((m) => m.status !== 'finished');
  }

  /** A new random token kept (hash only) in `table` for MAGIC_LINK_HOURS; expired ones are purged. */
  private async newToken(table: TokenTable, nowMs: number): Promise<string> {
    this.sql.exec(`DELETE FROM ${table} WHERE expires_at <= ?`, nowMs);
    const token = newToken();
    this.sql.exec(
      `INSERT INTO ${table} (token_hash, expires_at) VALUES (?, ?)`,
      await hashToken(token),
      nowMs + MAGIC_LINK_HOURS * HOUR_MS,
    );
    return token;
  }

  /** True if `token`'s hash is in `table` and not expired at `nowMs`. */
  private async isLiveToken(table: TokenTable, token: string, nowMs: number): Promise<boolean> {
    if (!this.stored()) return false;
    const row = this.sql
      .exec<{ expires_at: number }>(
        `SELECT expires_at FROM ${table} WHERE token_hash = ?`,
        await hashToken(token),
      )
      .toArray()[0];
    return row !== undefined && row.expires_at > nowMs;
  }
}
