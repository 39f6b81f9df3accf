// @vitest-environment happy-dom
/**
 * The rules at the table: the preset and every option changed from it in words, the card reference
 * (remedy and safety per hazard, from the shared pairs), the legend of the source tags; reachable
 * from the table in one tap. Every source tag (create form, /rules page, lobby, panel) is explained
 * and never reads as a bare "[NO]".
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RulesSummary } from '../../web/src/components/RulesSummary';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { fr, cards as frCards, events as frEvents } from '../../web/src/i18n/fr';
import { sourceParts } from '../../web/src/lib/sources';
import { Home } from '../../web/src/screens/Home';
import { Rules } from '../../web/src/screens/Rules';
import { Table } from '../../web/src/screens/Table';
import { RulesPanel } from '../../web/src/screens/table/RulesPanel';
import { PRESETS } from '../../worker/engine/rules';
import { HAZARD_CARDS, REMEDY_FOR, SAFETY_FOR } from '../../worker/shared/rules-data';
import { info, teamView, view } from './fixtures';
import { buttons, click, fakeSession, mount, mountLoaded } from './render';

beforeEach(() => useCatalogForTests('en', en));

function changedRows(root: Element): string[] {
  return [...root.querySelectorAll('.changed-options > div')].map((d) => d.textContent ?? '');
}

describe('the rules panel', () => {
  it('names the preset with its explained source and lists only the changed options, with the preset value', () => {
    const v = view({
      rules: {
        preset: 'classic',
        options: { ...PRESETS.classic.options, mulligan: true, matchTarget: 3000 },
      },
    });
    const root = mount(<RulesPanel view={v} />);
    expect(root.querySelector('h3')!.textContent).toBe('Preset');
    expect(root.textContent).toContain('Classic');
    expect(root.textContent).toContain(PRESETS.classic.summary);
    const rows = changedRows(root);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Points to win the match (0 = one hand)');
    expect(rows[0]).toContain('3000');
    expect(rows[0]).toContain('(preset: 5000)');
    expect(rows[1]).toContain('Fast game: after drawing, swap any cards and draw back to six');
    expect(rows[1]).toContain('yes');
    expect(rows[1]).toContain('(preset: no)');
  });

  it('compares with the preset for this seating (partnership at two players plays to 700)', () => {
    const two = view({
      rules: { preset: 'partnership', options: { ...PRESETS.partnership.options, goal: 700 } },
    });
    expect(changedRows(mount(<RulesPanel view={two} />))).toEqual([]);
    const root = mount(<RulesPanel view={two} />);
    expect(root.textContent).toContain('No option changed: the preset as it is.');
    const four = teamView(); // partnership, 4 seats in teams of two: 1000 is the preset's goal
    const longer = { ...four, rules: { ...four.rules, options: { ...four.rules.options, goal: 700 } } };
    expect(changedRows(mount(<RulesPanel view={longer} />))[0]).toContain('(preset: 1000)');
  });

  it('has a card reference: the remedy and the safety of every hazard, from the shared pairs', () => {
    const root = mount(<RulesPanel view={view()} />);
    const table = root.querySelector('table.card-ref')!;
    const rows = [...table.querySelectorAll('tr')].map((tr) =>
      [...tr.querySelectorAll('th,td')].map((c) => c.textContent ?? ''),
    );
    expect(rows[0]).toEqual(['Hazard', 'Remedy', 'Safety']);
    expect(rows).toHaveLength(HAZARD_CARDS.length + 1);
    expect(rows).toContainEqual(['Stop', 'Roll', 'Right of Way']);
    expect(rows).toContainEqual(['Speed Limit', 'End of Limit', 'Right of Way']);
    expect(rows).toContainEqual(['Accident', 'Repairs', 'Driving Ace']);
    expect(Object.keys(REMEDY_FOR)).toEqual([...HAZARD_CARDS]);
    expect(Object.keys(SAFETY_FOR)).toEqual([...HAZARD_CARDS]);
  });

  it('carries the legend of every source tag', () => {
    const root = mount(<RulesPanel view={view()} />);
    const legend = [...root.querySelectorAll('.src-legend > div')].map((d) => [
      d.querySelector('dt [aria-hidden="true"]')!.textContent,
      d.querySelector('dd')!.textContent,
    ]);
    expect(legend.map(([dt]) => dt)).toEqual([
      '[H16]',
      '[OLD]',
      '[NO]',
      '[FR]',
      '[Parker Brothers]',
      '[house rule]',
    ]);
    expect(legend[2][1]).toBe('a Norwegian guide for four players in two teams');
    expect(legend.every(([, dd]) => (dd ?? '').length > 10)).toBe(true);
  });

  it('is in the page language', () => {
    useCatalogForTests('fr', fr, frEvents, frCards);
    const root = mount(<RulesPanel view={view()} />);
    expect(root.textContent).toContain('Quelle carte répond à quelle attaque');
    expect(root.querySelector('table.card-ref tr')!.textContent).toBe('AttaqueParadeBotte');
  });

  it('opens from the table in one tap, in a dialog that Escape closes', async () => {
    const { session } = fakeSession(info(view()));
    const root = mount(<Table session={session} />);
    const open = buttons(root, 'Rules of this match')[0];
    open.focus();
    click(open);
    await vi.waitFor(() => expect(root.querySelector('dialog .rules-panel')).not.toBeNull());
    expect(root.querySelector('dialog h2')!.textContent).toBe('Rules of this match');
    root
      .querySelector('dialog')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.waitFor(() => expect(root.querySelector('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });
});

describe('source tags', () => {
  it('split into the sources they name', () => {
    expect(sourceParts('[OLD, NO, FR]').map((p) => p.code)).toEqual(['OLD', 'NO', 'FR']);
    expect(sourceParts('[H16 variant]')).toEqual([{ code: 'H16', text: 'H16 variant' }]);
    expect(sourceParts('[Parker Brothers, FR "allonge"]').map((p) => p.code)).toEqual(['PB', 'FR']);
    expect(sourceParts('(house rule)').map((p) => p.code)).toEqual(['house']);
    expect(sourceParts('')).toEqual([]);
  });

  it('are explained in words everywhere they are shown: create form, /rules page, lobby summary, panel', async () => {
    const lobbyRules = { preset: 'classic' as const, options: { ...PRESETS.classic.options } };
    for (const make of [
      () => mountLoaded(<Home />, 'button.src'),
      () => mount(<Rules />),
      () => mount(<RulesSummary rules={lobbyRules} />),
      () => mount(<RulesPanel view={view()} />),
    ]) {
      const root = await make();
      const tags = [...root.querySelectorAll('button.src')];
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) {
        const name = tag.getAttribute('aria-label') ?? '';
        expect(name.startsWith('Source ')).toBe(true);
        // The name holds the visible code (label in name, WCAG 2.5.3), each code followed at once
        // by its source in words, so that "[NO]" is never heard as a bare "no".
        expect(name.length).toBeGreaterThan(tag.textContent!.length + 20);
        expect(name.startsWith(`Source ${tag.textContent!.replace(/^\[|\]$/g, '')}: `)).toBe(true);
      }
    }
    const home = await mountLoaded(<Home />, 'button.src');
    const no = [...home.querySelectorAll('button.src')].find((b) => b.textContent === '[NO]')!;
    expect(no.getAttribute('aria-label')).toBe('Source NO: a Norwegian guide for four players in two teams');
    // The legend's terms: the code shown, spelled letter by letter for a screen reader.
    const legend = mount(<RulesPanel view={view()} />);
    const term = [...legend.querySelectorAll('.src-legend dt')].find((d) => d.textContent?.includes('[NO]'))!;
    expect(term.querySelector('[aria-hidden="true"]')!.textContent).toBe('[NO]');
    expect(term.querySelector('.sr-only')!.textContent).toBe('N O');
    // A tap shows the same words on the page.
    expect(no.getAttribute('aria-expanded')).toBe('false');
    click(no);
    expect(no.getAttribute('aria-expanded')).toBe('true');
    expect(no.parentElement!.querySelector('.src-note')!.textContent).toBe(
      'a Norwegian guide for four players in two teams',
    );
    // No tag is inside a <label> (a button there would be a control inside another control's name).
    expect(home.querySelectorAll('label button.src')).toHaveLength(0);
    // An <option> holds only text: no tag there.
    expect(
      [...home.querySelectorAll('option')].some((o) => /\[(H16|OLD|NO|FR)/.test(o.textContent ?? '')),
    ).toBe(false);
  });
});
