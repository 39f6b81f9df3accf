/**
 * E-mail addresses for notifications: the mailbox an address belongs to, and the key of the
 * per-address Durable Object (the accepted syntax is worker/address.ts). The key is an HMAC of the
 * mailbox under the server secret MAIL_KEY (tokens.ts `keyedHash`), so the key that appears in mute
 * and "my matches" links (and in logs and List-Unsubscribe headers) cannot be matched against a
 * guessed address.
 *
 * State is kept per mailbox, not per address as typed: `bob+1@example.org` and `Bob@Example.org`
 * are bob@example.org's mail, with one block, one mute list, one hourly limit. Objects used to be
 * named by the whole address (`legacyAddressKey`); for an address without a `+tag` both names are
 * the same object, and a tagged address's old object hands its state over to its mailbox's object
 * the first time the server reaches it with the address in hand (`mailboxStub`), never by listing
 * objects. Links mailed before name the old key: `linkStub` follows the old object's forwarding
 * marker to the mailbox's object, which also verifies the old object's tokens.
 */

import { type Env, testSeamsEnabled } from '../env';
import { keyedHash, type MailKeyEnv } from '../tokens';
import type { MailAddressDurableObject } from './address-do';
import { countingStub } from './bench-counters';

/** The form used before mailboxes: trimmed and lower-cased (mail providers treat addresses case-insensitively in practice). */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * The mailbox of `address`: trimmed, lower-cased (as providers fold case), and without the `+tag`
 * of its local part, so `Bob+1@Example.org` → `bob@example.org`. A local part that starts with `+`
 * keeps it (there is nothing before the tag). Not an address (no `@` after the first character):
 * only trimmed and lower-cased.
 */
export function mailboxOf(address: string): string {
  const a = normalizeAddress(address);
  const at = a.lastIndexOf('@');
  const plus = a.indexOf('+');
  return at > 0 && plus > 0 && plus < at ? `${a.slice(0, plus)}${a.slice(at)}` : a;
}

/** The Worker's env from `cloudflare:workers` (imported lazily so that Node can load this module). */
async function workerEnv(): Promise<MailKeyEnv> {
  const mod = (await import('cloudflare:workers')) as { env?: MailKeyEnv };
  return mod.env ?? {};
}

/**
 * Hex HMAC-SHA-256 under the deployment's secret (tokens.ts `keyedHash`) of `mb-mail:` + the
 * mailbox of `address` (`mailboxOf`): the name of that mailbox's Durable Object and the key in its
 * links. `env` defaults to the Worker's own env.
 */
export async function mailboxKey(address: string, env?: MailKeyEnv): Promise<string> {
  return keyedHash(env ?? (await workerEnv()), `mb-mail:${mailboxOf(address)}`);
}

/**
 * The key objects were named by before mailboxes: `mb-mail:` + the whole normalised address. Equal
 * to `mailboxKey` for an address without a `+tag`; a tagged address's old object may still hold
 * state (and links mailed before name it).
 */
export async function legacyAddressKey(address: string, env?: MailKeyEnv): Promise<string> {
  return keyedHash(env ?? (await workerEnv()), `mb-mail:${normalizeAddress(address)}`);
}

/**
 * True when `key` names the object of `address`: its mailbox's key, or the key its object had
 * before mailboxes (an object that has not handed over yet answers under that one).
 */
export async function isKeyOf(address: string, key: string, env?: MailKeyEnv): Promise<boolean> {
  if ((await mailboxKey(address, env)) === key) return true;
  return mailboxOf(address) !== normalizeAddress(address) && (await legacyAddressKey(address, env)) === key;
}

/** True for a 64-character lower-case hex string (an address key as made by `mailboxKey`). */
export function isAddressKey(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

/** The env an address object is reached through: its binding, the test seams, the secret. */
export type AddressEnv = Pick<Env, 'MAIL_ADDRESS' | 'TEST_SEAMS'> & MailKeyEnv;

/** A stub of the address object named `key` (null: the deployment has no `MAIL_ADDRESS` binding). */
export interface KeyedStub {
  key: string;
  stub: DurableObjectStub<MailAddressDurableObject> | null;
}

/**
 * The Durable Object named `key` as is (no forwarding followed), or null when the binding is
 * missing. With the test seams on, its method calls are counted for the server benchmark.
 */
export function addressStubIn(
  env: Pick<Env, 'MAIL_ADDRESS' | 'TEST_SEAMS'>,
  key: string,
): DurableObjectStub<MailAddressDurableObject> | null {
  const ns = env.MAIL_ADDRESS;
  if (!ns) return null;
  const stub = ns.get(ns.idFromName(key)) as DurableObjectStub<MailAddressDurableObject>;
  return testSeamsEnabled(env) ? countingStub(stub, key) : stub;
}

/**
 * The object of `address`'s mailbox, for every use where the server has the address (a mail to
 * send, a seat's settings, a typed address). For a tagged address, the object first takes over the
 * state of the address's own object from before mailboxes (`absorb`: once; later calls cost one
 * read there), so a block or mute set there is never lost. Errors of that call are thrown: a mail
 * must not go out while a block may be unread.
 */
export async function mailboxStub(env: AddressEnv, address: string): Promise<KeyedStub> {
  const key = await mailboxKey(address, env);
  const stub = addressStubIn(env, key);
  if (stub && mailboxOf(address) !== normalizeAddress(address))
    await stub.absorb(key, await legacyAddressKey(address, env));
  return { key, stub };
}

/**
 * The object that answers a link naming the address key `key` (mute, block, unblock, preferences,
 * "my matches"): that key's own object, or the mailbox's object it handed its state over to (its
 * forwarding marker), with the key of the one that answers. One read of the named object.
 */
export async function linkStub(env: AddressEnv, key: string): Promise<KeyedStub> {
  const stub = addressStubIn(env, key);
  const to = stub ? await stub.movedTo() : null;
  return to ? { key: to, stub: addressStubIn(env, to) } : { key, stub };
}
