/** A QR code of a link, drawn as SVG rectangles from `uqr`'s module matrix (no inline markup). */
import type { JSX } from 'preact';
import { encode } from 'uqr';

export function QrCode({ text, label }: { text: string; label: string }): JSX.Element {
  const qr = encode(text, { ecc: 'M', border: 2 });
  const cells: JSX.Element[] = [];
  qr.data.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) cells.push(<rect key={`${x}-${y}`} x={x} y={y} width="1.02" height="1.02" />);
    });
  });
  return (
    <svg
      class="qr"
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      shape-rendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <g fill="#000">{cells}</g>
    </svg>
  );
}
