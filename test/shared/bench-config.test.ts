/**
 * The server benchmark's options (scripts/bench-config.ts): seatings from --seats/--humans/--bots,
 * usage errors for bad values, the --table configurations and the capacity lines scripts read.
 */
import { describe, expect, it } from 'vitest';
import {
  capacityLines,
  configFromArgs,
  parseArgs,
  seatKinds,
  tableConfigs,
  UsageError,
} from '../../scripts/bench-config';

const cfg = (line: string) => configFromArgs(parseArgs(line.split(' ').filter(Boolean)));

describe('bench:server options', () => {
  it('seats humans and bots alternately from seat 0', () => {
    expect(seatKinds(1, 3)).toEqual(['human', 'bot', 'bot', 'bot']);
    expect(seatKinds(2, 2)).toEqual(['human', 'bot', 'human', 'bot']);
    expect(cfg('').seats).toEqual(['human', 'human', 'human', 'human']);
    expect(cfg('--humans 1 --bots 3 --bot expert')).toMatchObject({
      bot: 'expert',
      label: '1 human + 3 expert bots',
    });
    expect(cfg('--seats 6 --humans 2').seats.filter((k) => k === 'bot')).toHaveLength(4);
    expect(cfg('--seats 4 --team 2').label).toBe('4 humans in teams of 2');
  });

  it('refuses bad values with a usage error', () => {
    for (const bad of [
      '--humans 0',
      '--bots x',
      '--bot master',
      '--seats 9',
      '--seats 4 --humans 2 --bots 1',
      '--team 2 --seats 3',
      '--rules nope',
    ]) {
      expect(() => cfg(bad), bad).toThrow(UsageError);
    }
  });

  it('tables six configurations, the last on e-mail', () => {
    const t = tableConfigs('classic');
    expect(t).toHaveLength(6);
    expect(t.map((c) => c.mail)).toEqual([false, false, false, false, false, true]);
    expect(t[2]).toMatchObject({ bot: 'expert', seats: ['human', 'bot', 'bot', 'bot'] });
    expect(t.every((c) => !c.socket)).toBe(true);
    // --socket: the pages move over their socket; the e-mail configuration has no page.
    const s = tableConfigs('classic', true);
    expect(s.map((c) => c.socket)).toEqual([true, true, true, true, true, false]);
    expect(s[0].label).toBe('4 humans, moves over the socket');
    expect(cfg('--socket').socket).toBe(true);
    expect(cfg('--socket --mail').socket).toBe(false);
    expect(cfg('').socket).toBe(false);
  });

  it('prints rows per human decision and complete matches a day (the smaller of rows and requests)', () => {
    const lines = capacityLines({ humanDecisions: 1000, rows: 1000, requests: 2000, moveRequests: 1000 });
    expect(lines[0]).toBe('rows written per human decision: 1.000');
    expect(lines).toContain('free plan: 50 complete matches/day');
    expect(lines.join('\n')).toContain('1050 with moves over the socket');
  });
});
