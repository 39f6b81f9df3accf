/** "Since you left" shows the newest lines: what happened last is what the reader must answer. */
import { describe, expect, it } from 'vitest';
import { newestLines } from '../../web/src/screens/table/SinceYouLeft';

describe('since you left', () => {
  it('keeps every line when there are few', () => {
    expect(newestLines(['a', 'b'])).toEqual({ lines: ['a', 'b'], earlier: 0 });
    expect(newestLines(['a', 'b', 'c'])).toEqual({ lines: ['a', 'b', 'c'], earlier: 0 });
  });

  it('shows the newest three, oldest first, and counts the earlier ones', () => {
    const lines = Array.from({ length: 27 }, (_, i) => `line ${i + 1}`);
    lines[26] = 'Cy played Accident on you.';
    expect(newestLines(lines)).toEqual({
      lines: ['line 25', 'line 26', 'Cy played Accident on you.'],
      earlier: 24,
    });
  });
});
