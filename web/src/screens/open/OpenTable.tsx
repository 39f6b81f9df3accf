/**
 * The open table's page, `/open`: the open matches strangers may join (preset,
 * seats taken and free, time per turn, languages, when bots fill the free seats), a seat in one with
 * a name alone (no e-mail address), and "Quick match" (the oldest fitting open match, or a new
 * one). A seat taken here is saved on the device like any seat, and the match opens. The list is
 * read again every 20 s while the page is visible.
 */

import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import type { OpenListing } from '../../../../worker/open/listing';
import { NAME_MAX_CHARS } from '../../../../worker/shared/limits';
import { PRESET_NAMES, type PresetName } from '../../../../worker/shared/rules-data';
import { lang, t } from '../../i18n';
import { ApiError, api } from '../../lib/api';
import { loadCreateMemory, startPreset } from '../../lib/create-memory';
import { navigate } from '../../lib/router';
import { saveMatch } from '../../lib/storage';
import { deadlineText, minuteNow } from '../../lib/time';
import { errorWords } from '../../lib/words';
import { OpenRow } from './OpenRow';

/** Times per turn offered to quick match, in hours (the create form's, without "no limit" first). */
const QUICK_TIMES = [24, 48, 72, 168, 0] as const;
/** How often the list is read again while the page is visible (ms). */
const REFRESH_MS = 20_000;

/** Saves the seat taken at the open table on this device and opens the match. */
function opened(matchId: string, title: string, seat: number, seatToken: string): void {
  saveMatch({ matchId, title, seat, seatToken, seatTokens: { [seat]: seatToken } });
  navigate(`/m/${matchId}`);
}

/** The token `key` of a link's fragment (`#seat=…`), or null. */
function fragment(url: string | null, key: string): string | null {
  return url ? new URLSearchParams(new URL(url, location.href).hash.slice(1)).get(key) : null;
}

/** The words of a failed call (with the error words loaded). */
function failure(x: unknown): Promise<string> {
  return errorWords(x instanceof ApiError ? x : { code: 'crash', message: String(x) });
}

/** The open table's page. */
export function OpenTable(): JSX.Element {
  const memory = loadCreateMemory();
  const name = useSignal(memory.name ?? '');
  const preset = useSignal<PresetName>(startPreset(memory));
  const hours = useSignal<number>(24);
  const list = useSignal<OpenListing[] | null>(null);
  const busy = useSignal(false);
  const err = useSignal<string | null>(null);

  const load = async () => {
    try {
      list.value = (await (await api.open()).list()).matches;
    } catch (x) {
      err.value = await failure(x);
    }
  };
  useEffect(() => {
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const run = async (fn: () => Promise<void>) => {
    if (!name.value.trim()) {
      err.value = t('open.needName');
      return;
    }
    busy.value = true;
    err.value = null;
    try {
      await fn();
    } catch (x) {
      err.value = await failure(x);
      void load();
    } finally {
      busy.value = false;
    }
  };
  const join = (l: OpenListing) =>
    run(async () => {
      const r = await (await api.open()).join(l.matchId, { name: name.value.trim(), language: lang.value });
      opened(l.matchId, l.title, r.seat, r.token);
    });
  const quick = () =>
    run(async () => {
      const r = await (await api.open()).quick({
        name: name.value.trim(),
        language: lang.value,
        preset: preset.value,
        turnDeadlineHours: hours.value,
      });
      if (r.joined) return opened(r.matchId, '', r.seat, r.token);
      // A new open match: this device is its creator, at seat 0 with the host link.
      const c = r.created;
      const host = fragment(c.hostUrl, 'host');
      saveMatch({ matchId: c.matchId, title: '', seat: 0, ...(host ? { hostToken: host } : {}) });
      opened(c.matchId, '', 0, fragment(c.seats[0]?.url ?? null, 'seat') ?? '');
    });

  const now = minuteNow();
  return (
    <div class="open-table">
      <h1>{t('open.title')}</h1>
      <p>{t('open.intro')}</p>
      <section class="card-box open-quick" aria-labelledby="open-quick">
        <h2 id="open-quick">{t('open.quick')}</h2>
        <label>
          {t('open.yourName')}
          <input
            required
            maxLength={NAME_MAX_CHARS}
            value={name.value}
            onInput={(e) => (name.value = e.currentTarget.value)}
            autoComplete="nickname"
          />
        </label>
        <div class="open-quick-row">
          <label>
            {t('panel.preset')}
            <select
              value={preset.value}
              onChange={(e) => (preset.value = e.currentTarget.value as PresetName)}
            >
              {PRESET_NAMES.map((p) => (
                <option key={p} value={p}>
                  {t(`preset.${p}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('home.deadline')}
            <select
              value={String(hours.value)}
              onChange={(e) => (hours.value = Number(e.currentTarget.value))}
            >
              {QUICK_TIMES.map((h) => (
                <option key={h} value={h}>
                  {t(`home.deadline.${h}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p class="muted">{t('open.quickHint')}</p>
        <button type="button" class="primary big" disabled={busy.value} onClick={quick}>
          {t('open.quick')}
        </button>
        {err.value && (
          <p class="error" role="alert">
            {err.value}
          </p>
        )}
      </section>
      <section aria-labelledby="open-list">
        <h2 id="open-list">{t('open.listTitle')}</h2>
        {list.value === null ? (
          <p class="muted">{t('common.loading')}</p>
        ) : list.value.length === 0 ? (
          <p class="muted">{t('open.empty')}</p>
        ) : (
          <ul class="open-list">
            {list.value.map((l) => (
              <OpenRow
                key={l.matchId}
                listing={l}
                fills={deadlineText(Date.parse(l.fillsAt), now, lang.value)}
                busy={busy.value}
                onJoin={() => join(l)}
              />
            ))}
          </ul>
        )}
        <button type="button" class="secondary" onClick={load}>
          {t('open.refresh')}
        </button>
      </section>
    </div>
  );
}
