/**
 * The tab's title and icon for a match, and the "your turn" chime. Loaded on first use by
 * lib/tab-badge.ts. The badged icon is drawn as an SVG data URL; the chime is two short WebAudio
 * notes, so no image or sound file is fetched.
 */
import { t } from '../i18n';

/**
 * The tab's title for a match named `title`; `mine` while the viewer's move is due. A match without a
 * name of its own ("" or the site's name, the default) is not named twice ("Mille Bornes — Mille Bornes").
 */
export function tabTitle(title: string, mine: boolean): string {
  const match = title.trim();
  if (!match || match === t('app.title')) return mine ? t('tab.yourTurnPlain') : t('app.title');
  return t(mine ? 'tab.yourTurn' : 'tab.match', { match });
}

/** The badged icon: the site's milestone (white, red rim) with a green dot, as an SVG data URL. */
export const BADGE_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="4" y="2" width="24" height="28" rx="12" fill="#fff" stroke="#c1121f" stroke-width="3"/><rect x="4" y="2" width="24" height="10" rx="5" fill="#c1121f"/><circle cx="23" cy="23" r="8" fill="#0b7a3b" stroke="#fff" stroke-width="2"/></svg>',
)}`;

let plainIcon: string | null = null;

/** Sets the tab's title and icon: `badge` swaps in BADGE_ICON, otherwise the page's own icon comes back. */
export function showInTab(title: string, badge: boolean): void {
  document.title = title;
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  plainIcon ??= link.getAttribute('href');
  const href = badge ? BADGE_ICON : plainIcon;
  if (href !== null && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/**
 * Shows a match in the tab (see tabTitle; badged while `mine`) and plays the chime when `chime`;
 * `title` null: the table went away, the plain title ("Mille Bornes") and icon come back.
 */
export function showMatch(title: string | null, mine: boolean, chime: boolean): void {
  if (title === null) showInTab(t('app.title'), false);
  else showInTab(tabTitle(title, mine), mine);
  if (chime) playChime();
}

let audio: AudioContext | null = null;

/** Two short notes (660 and 880 Hz, about 0.3 s); silent where WebAudio is missing or refused. */
export function playChime(): void {
  if (typeof AudioContext === 'undefined') return;
  try {
    audio ??= new AudioContext();
    const ctx = audio;
    const start = ctx.currentTime;
    [660, 880].forEach((hz, i) => {
      const at = start + i * 0.15;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.15);
    });
  } catch {
    // A browser may refuse audio before any user gesture: the title and icon still tell.
  }
}
