/**
 * A member's form over the last ten league matches: a small line of their points
 * per match, drawn by the sparkline package loaded on first use, beside the same figures in words
 * (the chart's text alternative: "Ann: 700 (won); 1,450").
 */
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Standing } from '../../../../worker/league-protocol';
import { lang, t } from '../../i18n';

/** The form in words. */
export function formText(s: Standing): string {
  if (s.form.length === 0) return t('league.formNone', { name: s.name });
  const list = s.form
    .map((f) => {
      const points = f.points.toLocaleString(lang.value);
      return f.won ? t('league.formWon', { points }) : points;
    })
    .join('; ');
  return t('league.formText', { name: s.name, list });
}

/** One member's chart and its words. */
export function FormChart({ standing }: { standing: Standing }): JSX.Element {
  const svg = useRef<SVGSVGElement>(null);
  const points = standing.form.map((f) => f.points);
  useEffect(() => {
    if (points.length < 2) return;
    let live = true;
    void import('@fnando/sparkline').then(({ sparkline }) => {
      if (live && svg.current) sparkline(svg.current, points, { interactive: false });
    });
    return () => {
      live = false;
    };
  }, [points.join(',')]);
  return (
    <li class="form-row">
      <svg
        ref={svg}
        class="sparkline"
        width="120"
        height="32"
        stroke-width="2"
        aria-hidden="true"
        focusable="false"
        data-points={points.length}
      />
      <span>{formText(standing)}</span>
    </li>
  );
}
