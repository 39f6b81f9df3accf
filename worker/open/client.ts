/**
 * Who a client of the open table is, and how the Worker and the matches reach the open table.
 *
 * A client is its address (`clientKey`: the CF-Connecting-IP, an IPv6 address by its /64) plus,
 * when the page sends one, its device key (a random id the page keeps in localStorage, sent as the
 * `X-Device-Key` header). The address is stored only as a keyed hash (HMAC-SHA-256 under the
 * deployment's secret, tokens.ts `keyedHash`: a plain hash of an IPv4 address is reversed by trying
 * them all), the device key, a random id, as its SHA-256. A seat is refused when EITHER
 * already holds a seat in the match (or created it): a new device key alone does not get a second
 * seat from the same address, and a phone that moves from Wi-Fi to mobile data keeps its device
 * key. The price: two people behind one address cannot both take seats in the same stranger's
 * match (they can still play together by invitation link). The limit of open matches per creator
 * counts the address alone.
 */
import type { Env } from '../env';
import { hashToken, keyedHash, type MailKeyEnv } from '../tokens';
import type { OpenTableDurableObject } from './table-do';
import { OPEN_TABLE_NAME } from './table-do';

/** A client of the open table: the keyed hash of its address key, and the hash of its device key (null: none sent). */
export interface OpenClient {
  ip: string;
  device: string | null;
}

/** The bindings of the open table (wrangler.toml `OPEN_TABLE`). */
export interface OpenEnv {
  OPEN_TABLE?: DurableObjectNamespace<OpenTableDurableObject>;
}

/**
 * The client of address key `ipKey` with device key `deviceKey` (already validated), hashed: the
 * address under `env`'s secret, the device key plainly.
 */
export async function openClient(
  env: MailKeyEnv,
  ipKey: string,
  deviceKey: string | null,
): Promise<OpenClient> {
  return {
    ip: await keyedHash(env, `open-ip:${ipKey}`),
    device: deviceKey ? await hashToken(`open-device:${deviceKey}`) : null,
  };
}

/** The open table's stub, or null when the deployment has no `OPEN_TABLE` binding. */
export function openTable(env: Env): DurableObjectStub<OpenTableDurableObject> | null {
  const ns = (env as Env & OpenEnv).OPEN_TABLE;
  return ns ? ns.get(ns.idFromName(OPEN_TABLE_NAME)) : null;
}
