/**
 * Which open match fits a quick match (worker/open/listing.ts `fits`): the same
 * preset without changed options, a free seat, and a time per turn within a factor of two of the
 * one asked for; no deadline fits only no deadline.
 */
import { describe, expect, it } from 'vitest';
import { fits, type OpenListing } from '../../worker/open/listing';

const listing = (over: Partial<OpenListing> = {}): OpenListing => ({
  matchId: 'A'.repeat(22),
  title: 'Open',
  preset: 'classic',
  custom: false,
  seats: 2,
  free: 1,
  players: ['Host'],
  turnDeadlineHours: 24,
  languages: ['en'],
  createdAt: '2026-01-01T00:00:00.000Z',
  fillsAt: '2026-01-01T00:30:00.000Z',
  ...over,
});

describe('quick match fitting', () => {
  it('takes a time per turn from half to twice the one asked for', () => {
    for (const have of [12, 13, 24, 47, 48])
      expect(fits(listing({ turnDeadlineHours: have }), { preset: 'classic', turnDeadlineHours: 24 })).toBe(
        true,
      );
    for (const have of [11, 49, 0])
      expect(fits(listing({ turnDeadlineHours: have }), { preset: 'classic', turnDeadlineHours: 24 })).toBe(
        false,
      );
  });

  it('needs the same preset without changed options, and a free seat', () => {
    const ask = { preset: 'classic', turnDeadlineHours: 24 } as const;
    expect(fits(listing({ preset: 'dujardin' }), ask)).toBe(false);
    expect(fits(listing({ custom: true }), ask)).toBe(false);
    expect(fits(listing({ free: 0 }), ask)).toBe(false);
  });

  it('fits no deadline only to no deadline', () => {
    expect(fits(listing({ turnDeadlineHours: 0 }), { preset: 'classic', turnDeadlineHours: 0 })).toBe(true);
    expect(fits(listing({ turnDeadlineHours: 1 }), { preset: 'classic', turnDeadlineHours: 0 })).toBe(false);
  });
});
