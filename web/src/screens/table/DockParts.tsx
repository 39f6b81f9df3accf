/**
 * The part of the docked hand not needed on the first paint (loaded right after it): the reason a
 * tapped card cannot be played, shown on the card as a bubble kept inside the screen.
 */
import type { JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

/** The reason on a tapped card, kept inside the screen's width (shifted when it would stick out). */
export function CardWhy({ id, text }: { id: string; text: string }): JSX.Element {
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof el.getBoundingClientRect !== 'function') return;
    el.style.removeProperty('--shift');
    const r = el.getBoundingClientRect();
    const room = document.documentElement.clientWidth - 6;
    const shift = r.left < 6 ? 6 - r.left : r.right > room ? room - r.right : 0;
    if (shift) el.style.setProperty('--shift', `${Math.round(shift)}px`);
  }, [text]);
  return (
    <p id={id} ref={ref} class="card-why">
      {text}
    </p>
  );
}
