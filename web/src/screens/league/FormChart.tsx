/**
 * A member's form over the last ten league matches: a small line of their points
 * per match, drawn by the sparkline package loaded on first use, beside the same figures in words
 * (the chart's text alternative: "Ann: 700 (won); 1,450"). The package draws nothing for a single
 * value (a line needs two) and no line when every value is 0 (it scales to the largest), so a
 * first match is a dot and a run of nothing but zeros a line along the bottom, both drawn here.
 */
import type { ComponentChildren, JSX, Ref } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Standing } from '../../../../worker/league-protocol';
import { lang, t } from '../../i18n';

/** The chart's size in px (the sparkline reads its svg's attributes). */
const WIDTH = 120;
const HEIGHT = 32;
const STROKE = 2;
/** The dot of a single match: its radius in px. */
const DOT_R = 4;

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

/** What the chart shows for `points`: nothing, a dot (one match), a flat line at 0, or the sparkline. */
export function chartShape(points: readonly number[]): 'none' | 'dot' | 'zero' | 'line' {
  if (points.length === 0) return 'none';
  if (points.length === 1) return 'dot';
  return Math.max(...points) <= 0 ? 'zero' : 'line';
}

/** The sparkline of two values or more, drawn into its own svg once the package has loaded. */
function Line({ points }: { points: number[] }): JSX.Element {
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    let live = true;
    void import('@fnando/sparkline').then(({ sparkline }) => {
      if (live && svg.current) sparkline(svg.current, points, { interactive: false });
    });
    return () => {
      live = false;
    };
  }, [points.join(',')]);
  return <Chart shape="line" count={points.length} svgRef={svg} />;
}

/** The chart's svg: hidden from screen readers (the words beside it say the same). */
function Chart(props: {
  shape: ReturnType<typeof chartShape>;
  count: number;
  svgRef?: Ref<SVGSVGElement>;
  children?: ComponentChildren;
}): JSX.Element {
  return (
    <svg
      ref={props.svgRef}
      class="sparkline"
      width={WIDTH}
      height={HEIGHT}
      stroke-width={STROKE}
      aria-hidden="true"
      focusable="false"
      data-points={props.count}
      data-shape={props.shape}
    >
      {props.children}
    </svg>
  );
}

/** One member's chart and its words. */
export function FormChart({ standing }: { standing: Standing }): JSX.Element {
  const points = standing.form.map((f) => f.points);
  const shape = chartShape(points);
  return (
    <li class="form-row">
      {shape === 'line' ? (
        <Line key="line" points={points} />
      ) : (
        <Chart key={shape} shape={shape} count={points.length}>
          {shape === 'dot' && (
            <circle class="sparkline--spot" cx={DOT_R + STROKE} cy={HEIGHT / 2} r={DOT_R} />
          )}
          {shape === 'zero' && (
            <line
              class="sparkline--line"
              x1={STROKE}
              x2={WIDTH - STROKE}
              y1={HEIGHT - STROKE}
              y2={HEIGHT - STROKE}
            />
          )}
        </Chart>
      )}
      <span>{formText(standing)}</span>
    </li>
  );
}
