/**
 * Practice matches kept on this device, in IndexedDB through idb-keyval (one database
 * `mb-practice`, one store): the match in progress under `current` (its setup and whole move log,
 * written after every change, so a reload resumes it) and the finished ones under `finished` (the
 * newest `MAX_FINISHED`, each a setup plus its whole log: enough to replay every hand).
 * Nothing here is sent anywhere. A device without IndexedDB (some private modes) plays without saving.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isPracticeRecord, type PracticeRecord } from './protocol';

/** Finished practice matches kept for their score sheet and replay. */
export const MAX_FINISHED = 20;

const CURRENT = 'current';
const FINISHED = 'finished';

let store: UseStore | null = null;
/** The one store (made on first use: opening IndexedDB is not free). */
function db(): UseStore {
  store ??= createStore('mb-practice', 'matches');
  return store;
}

/** The match in progress on this device, or null (none, a damaged record, no IndexedDB). */
export async function loadCurrent(): Promise<PracticeRecord | null> {
  try {
    const r = await get<unknown>(CURRENT, db());
    return isPracticeRecord(r) ? r : null;
  } catch {
    return null;
  }
}

/** Keeps `record` as the match in progress; false when the device could not store it. */
export async function saveCurrent(record: PracticeRecord): Promise<boolean> {
  try {
    await set(CURRENT, record, db());
    return true;
  } catch {
    return false;
  }
}

/** Forgets the match in progress (a new practice replaces it). */
export async function clearCurrent(): Promise<void> {
  try {
    await del(CURRENT, db());
  } catch {
    // nothing stored: nothing to forget
  }
}

/** The finished practice matches, newest first. */
export async function loadFinished(): Promise<PracticeRecord[]> {
  try {
    const list = await get<unknown>(FINISHED, db());
    return Array.isArray(list) ? list.filter(isPracticeRecord) : [];
  } catch {
    return [];
  }
}

/**
 * Moves a finished match from `current` to the finished list (newest first, at most `MAX_FINISHED`,
 * the same match once); false when the device could not store it.
 */
export async function archive(record: PracticeRecord): Promise<boolean> {
  const finished = { ...record, finishedAt: record.finishedAt ?? Date.now() };
  const kept = (await loadFinished()).filter((r) => r.setup.id !== record.setup.id);
  try {
    await set(FINISHED, [finished, ...kept].slice(0, MAX_FINISHED), db());
    await del(CURRENT, db());
    return true;
  } catch {
    return false;
  }
}
