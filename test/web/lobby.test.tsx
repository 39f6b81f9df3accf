// @vitest-environment happy-dom
/** The lobby: seats filling in, the share box with a QR code, the host's start button, the claim form. */
import { beforeEach, describe, expect, it } from 'vitest';
import { QrCode } from '../../web/src/components/Qr';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { LateGuest, Lobby } from '../../web/src/screens/Lobby';
import { OPTION_NAMES, PRESETS } from '../../worker/engine/rules';
import { info, view } from './fixtures';
import { buttons, fakeSession, mount } from './render';

beforeEach(() => useCatalogForTests('en', en));

const lobbyInfo = () =>
  info(null, {
    seats: [
      { seat: 0, name: 'Ann', kind: 'human', botStandIn: false, connected: true, responseMode: 'auto' },
      { seat: 1, name: 'Open seat', kind: 'open', botStandIn: false, connected: false, responseMode: 'auto' },
      { seat: 2, name: 'Bot 3', kind: 'bot', botStandIn: false, connected: false, responseMode: 'auto' },
    ],
  });

describe('lobby', () => {
  it('lists the seats with their state and lets the host start', () => {
    const { session } = fakeSession(lobbyInfo());
    const root = mount(
      <Lobby
        session={session}
        inviteUrl="http://x/m/AAA#invite=abc"
        inviteToken={null}
        hostToken="h"
        onClaimed={() => {}}
      />,
    );
    const seats = [...root.querySelectorAll('ol.seats li')].map((li) => li.textContent);
    expect(seats[0]).toContain('Ann (you)');
    expect(seats[0]).toContain('online');
    expect(seats[1]).toContain('open — waiting for a player');
    expect(seats[2]).toContain('computer');
    expect(buttons(root, 'Start now')).toHaveLength(1);
    expect(root.querySelector<HTMLInputElement>('input.link')!.value).toBe('http://x/m/AAA#invite=abc');
    expect(buttons(root, 'Copy link')).toHaveLength(1);
  });

  it('shows every rule of the match before it starts, in words with the source', () => {
    const base = lobbyInfo();
    const rules = { preset: 'classic' as const, options: { ...PRESETS.classic.options, mulligan: true } };
    const { session } = fakeSession({ ...base, view: null, config: { ...base.config, rules } });
    const root = mount(
      <Lobby session={session} inviteUrl={null} inviteToken={null} hostToken={null} onClaimed={() => {}} />,
    );
    const box = root.querySelector('.rules-summary')!;
    expect(box.querySelector('h3')!.textContent).toBe('Rules of this match: Classic');
    const rows = [...box.querySelectorAll('dl > div')].map((d) => d.textContent ?? '');
    expect(rows).toHaveLength(OPTION_NAMES.length);
    expect(rows.find((r) => r.startsWith('The trip must end exactly'))).toContain('yes');
    expect(rows.find((r) => r.startsWith('When the draw pile runs out'))).toContain(
      'play out the cards in hand',
    );
    expect(rows.find((r) => r.startsWith('Fast game: after drawing'))).toContain('yes');
    expect(rows.find((r) => r.startsWith('Points to win'))).toContain('5000');
  });

  it('shows the claim form to a visitor with an invitation, and no start button', () => {
    const { session } = fakeSession({ ...lobbyInfo(), you: { seat: null, host: false } });
    const root = mount(
      <Lobby
        session={session}
        inviteUrl={null}
        inviteToken="invite-token"
        hostToken={null}
        onClaimed={() => {}}
      />,
    );
    expect(root.textContent).toContain('Join this match');
    expect(buttons(root, 'Take a seat')).toHaveLength(1);
    expect(buttons(root, 'Start now')).toHaveLength(0);
    expect(root.textContent).toContain('The host starts the match when everybody is here.');
  });

  it('draws the QR code as SVG modules', () => {
    const root = mount(<QrCode text="http://localhost:8787/m/AAAAAAAAAAAAAAAAAAAAAA#invite=x" label="QR" />);
    const svg = root.querySelector('svg.qr')!;
    expect(svg.getAttribute('aria-label')).toBe('QR');
    expect(svg.querySelectorAll('g rect').length).toBeGreaterThan(100);
  });
});

describe('a guest with an invitation', () => {
  const lobby = () =>
    info(null, {
      you: { seat: null, host: false },
      seats: [
        { seat: 0, name: 'Ann', kind: 'human', botStandIn: false, connected: true, responseMode: 'auto' },
        { seat: 1, name: '', kind: 'open', botStandIn: false, connected: false, responseMode: 'auto' },
      ],
    });

  it('still joining: takes a seat, without the host’s "send this link" box', () => {
    const { session } = fakeSession(lobby());
    const root = mount(
      <Lobby
        session={session}
        inviteUrl="http://x/m/AAA#invite=abc"
        inviteToken="abcabcabcabcabcabc"
        hostToken={null}
        onClaimed={() => {}}
      />,
    );
    expect(root.textContent).toContain('Join this match');
    expect(root.textContent).not.toContain(en['lobby.share']);
    expect(root.querySelector('input.link')).toBeNull();
  });

  it('after "Start now": told the match started without them, and that they can watch', () => {
    const started = info(view({ seat: null }), { you: { seat: null, host: false } });
    expect(mount(<LateGuest info={started} invited />).textContent).toBe(
      'The host started the match before you joined. You can watch it here.',
    );
    expect(mount(<LateGuest info={started} invited={false} />).textContent).toBe('');
    expect(mount(<LateGuest info={lobby()} invited />).textContent).toBe('');
  });
});
