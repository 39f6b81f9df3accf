/**
 * The open table's calls (docs/API.md "Open table"), loaded with the pages that use
 * them (`api.open()`): each sends this device's key (device-key.ts) so the server gives one device one
 * seat per match.
 */
import type { OpenList, OpenSeat, QuickResult } from '../../../worker/open/protocol';
import { call } from './api';
import { deviceHeaders } from './device-key';
import type { Created, CreateMatch } from './types';

/** The open table's calls. */
export const openApi = {
  /** The open matches strangers may join, oldest first. */
  list: () => call<OpenList>('GET', '/api/open', null),
  /** Creates a match with `open` set (`POST /api/matches`). */
  create: (body: CreateMatch) => call<Created>('POST', '/api/matches', null, body, deviceHeaders()),
  /** Takes the first free seat of open match `id` under `name`. */
  join: (id: string, body: { name: string; language?: string }) =>
    call<OpenSeat>('POST', `/api/open/${encodeURIComponent(id)}/join`, null, body, deviceHeaders()),
  /** Quick match: a seat in the oldest fitting open match, or a new open match. */
  quick: (body: { name: string; language?: string; preset: string; turnDeadlineHours: number }) =>
    call<QuickResult>('POST', '/api/open/quick', null, body, deviceHeaders()),
};
