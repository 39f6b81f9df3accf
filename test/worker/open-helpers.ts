/**
 * Helpers of the open table's workers tests: creating an open match from a given
 * address (and device key), joining one, the public list, and the open table's own object.
 */
import { env } from 'cloudflare:workers';
import type { OpenListing } from '../../worker/open/listing';
import { api, type TestMatch, tokenOf } from './helpers';

/** Headers of a client with a device key. */
export function device(key: string | undefined): Record<string, string> {
  return key ? { 'X-Device-Key': key } : {};
}

/** POST /api/matches with `open` from `ip`; the raw answer. */
export function createOpenRaw(ip: string, extra: Record<string, unknown> = {}, deviceKey?: string) {
  return api('/api/matches', {
    ip,
    headers: device(deviceKey),
    body: {
      title: 'Open game',
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Host', language: 'fr' }, { kind: 'open' }],
      turnDeadlineHours: 24,
      open: { waitMinutes: 30 },
      ...extra,
    },
  });
}

/** An open match created from `ip` (throws unless 201). */
export async function createOpen(
  ip: string,
  extra: Record<string, unknown> = {},
  deviceKey?: string,
): Promise<TestMatch> {
  const r = await createOpenRaw(ip, extra, deviceKey);
  if (r.status !== 201) throw new Error(`create open: ${r.status} ${JSON.stringify(r.body)}`);
  return {
    id: r.body.matchId,
    created: r.body,
    host: tokenOf(r.body.hostUrl),
    seats: r.body.seats.map((s: { url: string | null }) => (s.url ? tokenOf(s.url) : null)),
    invite: r.body.inviteUrl ? tokenOf(r.body.inviteUrl) : null,
  };
}

/** POST /api/open/:id/join as `name` from `ip` (with a device key). */
export function join(
  id: string,
  name: string,
  ip: string,
  deviceKey?: string,
  extra: Record<string, unknown> = {},
) {
  return api(`/api/open/${id}/join`, { ip, headers: device(deviceKey), body: { name, ...extra } });
}

/** The public list (GET /api/open). */
export async function listed(): Promise<OpenListing[]> {
  const r = await api('/api/open');
  if (r.status !== 200) throw new Error(`list: ${r.status}`);
  return r.body.matches as OpenListing[];
}

/** The listing of match `id`, or undefined when it is not on the list. */
export async function listingOf(id: string): Promise<OpenListing | undefined> {
  return (await listed()).find((l) => l.matchId === id);
}

/** The open table's Durable Object stub. */
export function table() {
  // biome-ignore lint/suspicious/noExplicitAny: the test env's binding types do not name the class
  const ns = (env as any).OPEN_TABLE as DurableObjectNamespace<
    import('../../worker/open/table-do').OpenTableDurableObject
  >;
  return ns.get(ns.idFromName('open-table'));
}
