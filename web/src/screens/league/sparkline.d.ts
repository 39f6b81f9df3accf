/** Types of the sparkline package (the form chart), which ships none. */
declare module '@fnando/sparkline' {
  /** Draws `values` into `svg` (its width, height and stroke-width attributes set the size). */
  export function sparkline(svg: SVGSVGElement, values: number[], options?: { interactive?: boolean }): void;
}
