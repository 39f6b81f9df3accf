/**
 * Time zones and mail preferences on the wire: which zone names are accepted (as IANA spells them
 * and the runtime knows them), a zone read back from storage, and the schemas of a seat's zone and
 * mail preferences in its settings.
 */
import * as v from 'valibot';
import { resolvedTimeZone } from '../words/when';

/**
 * Current IANA names that the runtime's Intl (ICU, following CLDR) resolves to an older name of the
 * same zone (`Asia/Kolkata` → `Asia/Calcutta`): browsers whose Intl follows IANA (Firefox) report
 * these, so they are accepted as spelled here. Source: the IANA names whose CLDR id is an older
 * IANA name of the same zone (as the TC39 time zone canonicalization proposal lists them); workerd
 * resolves each to that older name.
 */
const CURRENT_IANA_NAMES: ReadonlySet<string> = new Set([
  'Africa/Asmara',
  'America/Argentina/Buenos_Aires',
  'America/Argentina/Catamarca',
  'America/Argentina/Cordoba',
  'America/Argentina/Jujuy',
  'America/Argentina/Mendoza',
  'America/Atikokan',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Nuuk',
  'Asia/Ho_Chi_Minh',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Yangon',
  'Atlantic/Faroe',
  'Europe/Kyiv',
  'Pacific/Chuuk',
  'Pacific/Kanton',
  'Pacific/Pohnpei',
]);

/** Names `isTimeZone` accepted already (only accepted ones: the cache stays as small as the zone list). */
const knownZones = new Set<string>();

/**
 * True for a time zone name exactly as IANA spells it and the runtime's Intl knows it: `Europe/Oslo`,
 * `UTC`, `Asia/Kolkata`. Refused: offsets (`+05:30`, `-03:00`: Intl takes them, but they know no
 * summer time), another case (`europe/oslo`, `utc`: Intl folds case, but the name is stored and
 * compared as given), links the runtime renames (`US/Eastern`, `Etc/UTC`, `GMT`) other than the
 * current names of `CURRENT_IANA_NAMES`, and unknown names.
 */
export function isTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  if (!/^[A-Za-z]/.test(name)) return false;
  const resolved = resolvedTimeZone(name);
  if (resolved === null) return false;
  if (resolved !== name && !CURRENT_IANA_NAMES.has(name)) return false;
  knownZones.add(name);
  return true;
}

/**
 * A zone read back from storage: the name when `isTimeZone` accepts it, else null. A zone stored
 * before the check was strict (`+05:30`, `europe/oslo`) counts as unset where it is read.
 */
export function storedZone(name: string | null | undefined): string | null {
  return typeof name === 'string' && isTimeZone(name) ? name : null;
}

/**
 * A time zone in the settings: at most 64 characters, spelled as IANA does (`isTimeZone`), else
 * 400 `request.invalid` with the issue.
 */
export function timeZoneSchema() {
  return v.pipe(
    v.string(),
    v.maxLength(64),
    v.check(isTimeZone, 'not an IANA time zone name as spelled there, e.g. "Europe/Oslo" or "UTC"'),
  );
}

/** An hour of the day on the reader's clock, 0..23. */
function hourSchema() {
  return v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(23));
}

/**
 * A seat's mail preferences: `digestHour` one mail a day at that hour (null: a mail per turn, as
 * before); `quiet` the quiet hours, from `from`:00 to `to`:00 (null: none; equal hours: none).
 */
export function mailPrefsSchema() {
  return v.strictObject({
    digestHour: v.nullable(hourSchema()),
    quiet: v.nullable(v.strictObject({ from: hourSchema(), to: hourSchema() })),
  });
}

/** Mail preferences (see `mailPrefsSchema`): hours are 0..23 in the seat's time zone. */
export interface MailPrefs {
  digestHour: number | null;
  quiet: { from: number; to: number } | null;
}
