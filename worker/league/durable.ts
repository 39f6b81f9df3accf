/**
 * The league Durable Object: one per league, SQLite-backed, named by the league id.
 * A thin shell over actions.ts (the league's members, matches and standings) and chat.ts (its
 * chat, the match chat's table and rules). Each RPC method takes the caller's token hash `who`;
 * expected failures come back as `Reply` values. A match of the league calls `matchEnded` at its end
 * (match/league-tell.ts); that call is idempotent per match id.
 */
import { DurableObject } from 'cloudflare:workers';
import { ChatStore } from '../chat/store';
import type { LeagueMatchResult } from '../decider/league-result';
import { type Env, testSeamsEnabled } from '../env';
import type { CreateLeague, LeagueMatchRequest } from '../league-protocol';
import type { LeagueReceiver } from '../match/league-tell';
import type { ChatSend } from '../protocol/chat';
import { NOT_FOUND, type Reply } from '../reply';
import * as actions from './actions';
import { listLeagueChat, removeLeagueChat, sendLeagueChat } from './chat';
import { LeagueStore } from './store';

/** The league Durable Object class (binding `LEAGUE`). */
export class LeagueDurableObject extends DurableObject<Env> implements LeagueReceiver {
  private readonly store: LeagueStore;
  private readonly chat: ChatStore;
  /** Test seams only: how many `matchEnded` calls still fail (the retry test). */
  private failTells = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new LeagueStore(ctx.storage.sql);
    this.chat = new ChatStore(ctx.storage.sql);
  }

  private caller(who: string | null): actions.LeagueCaller {
    return actions.callerOf(this.store, who);
  }

  /** Creates the league here: see actions.ts `createLeague`. */
  async create(leagueId: string, body: CreateLeague, origin: string): Promise<Reply> {
    const r = await actions.createLeague(this.store, leagueId, body, origin, Date.now());
    if (r.status === 201) this.chat.createTable();
    return r;
  }

  /** The league as the caller sees it. */
  async info(who: string | null): Promise<Reply> {
    const c = this.caller(who);
    const tally = this.store.meta ? this.chat.tally(c.member) : { lastId: 0, removed: 0, others: 0 };
    return actions.leagueInfo(this.store, c, tally);
  }

  /** A member makes a match of the league (`origin`: of the links). */
  async createMatch(who: string | null, req: LeagueMatchRequest, origin: string): Promise<Reply> {
    return actions.createLeagueMatch(this.store, this.env, this.caller(who), req, origin, Date.now());
  }

  /** A match of the league ended (from the match's Durable Object; counted once per match id). */
  async matchEnded(result: LeagueMatchResult): Promise<Reply> {
    if (this.failTells > 0) {
      this.failTells--;
      return { status: 503, body: { error: { code: 'internal', message: 'Test seam: this tell fails.' } } };
    }
    return actions.matchEnded(this.store, result, Date.now());
  }

  /** A member leaves the league. */
  async leave(who: string | null): Promise<Reply> {
    return actions.leave(this.store, this.caller(who), Date.now());
  }

  /** The owner removes a member. */
  async removeMember(who: string | null, member: number): Promise<Reply> {
    return actions.removeMember(this.store, this.caller(who), member, Date.now());
  }

  /** The owner gives a member a new link (`origin`: of the link); the old one stops working. */
  async newMemberLink(who: string | null, member: number, origin: string): Promise<Reply> {
    return actions.newMemberLink(this.store, this.env, this.caller(who), member, origin);
  }

  /** The owner renames the league. */
  async rename(who: string | null, name: string): Promise<Reply> {
    return actions.rename(this.store, this.caller(who), name);
  }

  /** The owner archives the league. */
  async archive(who: string | null): Promise<Reply> {
    return actions.archive(this.store, this.caller(who));
  }

  /** A member's chat message. */
  async chatSend(who: string | null, body: ChatSend): Promise<Reply> {
    return sendLeagueChat(this.store, this.chat, this.caller(who), body, Date.now());
  }

  /** The chat after message `after`. */
  async chatList(who: string | null, after: number): Promise<Reply> {
    return listLeagueChat(this.store, this.chat, this.caller(who), after);
  }

  /** A member deletes their message, or the owner hides one. */
  async chatRemove(who: string | null, id: number, how: 'deleted' | 'hidden'): Promise<Reply> {
    return removeLeagueChat(this.store, this.chat, this.caller(who), id, how);
  }

  /** Test seams only: the rows this object wrote since it woke (benchmark), 404 otherwise. */
  async benchStats(): Promise<Reply> {
    if (!testSeamsEnabled(this.env)) return NOT_FOUND;
    return { status: 200, body: { rows: this.store.rowsWritten + this.chat.rowsWritten } };
  }

  /** Test seams only: the next `n` match-end tells fail (503), as an overloaded object would. */
  async testFailTells(n: number): Promise<Reply> {
    if (!testSeamsEnabled(this.env)) return NOT_FOUND;
    this.failTells = n;
    return { status: 200, body: { ok: true } };
  }
}
