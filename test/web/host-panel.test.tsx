// @vitest-environment happy-dom
/**
 * The host panel at the table: the computer is offered for each human seat while another person
 * plays, never for the last seat a person plays (the server would answer 409 seat.last_human), and a
 * refusal is said in the player's words.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { HostPanel } from '../../web/src/screens/HostPanel';
import { info, view } from './fixtures';
import { buttons, click, fakeSession, mount } from './render';

beforeEach(() => useCatalogForTests('en', en));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Ann (seat 0), Bob (seat 1) and a bot, being played; `bobBot` when a bot plays Bob's seat. */
function playing(bobBot: boolean) {
  const i = info(view({ seats: 3 }));
  i.seats[1] = { ...i.seats[1], botStandIn: bobBot };
  return i;
}

describe('host panel', () => {
  it('offers the computer for each human seat while another person plays', () => {
    const { session } = fakeSession(playing(false));
    const root = mount(<HostPanel session={session} hostToken="h" onDeleted={() => {}} />);
    expect(buttons(root, 'Let the computer play for Ann')).toHaveLength(1);
    expect(buttons(root, 'Let the computer play for Bob')).toHaveLength(1);
  });

  it('never offers the last seat a person plays (the server would answer 409 seat.last_human)', () => {
    const { session } = fakeSession(playing(true));
    const root = mount(<HostPanel session={session} hostToken="h" onDeleted={() => {}} />);
    expect(buttons(root, 'Let the computer play for Ann')).toHaveLength(0);
    expect(root.textContent).toContain('the computer does not play alone');
    expect(buttons(root, 'Delete match')).toHaveLength(1);
  });

  it('says a refusal in the player’s words, not the server’s message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'match.not_playing', message: 'English text' } }), {
            status: 409,
          }),
      ),
    );
    const { session } = fakeSession(playing(false));
    const root = mount(<HostPanel session={session} hostToken="h" onDeleted={() => {}} />);
    click(buttons(root, 'Let the computer play for Bob')[0]);
    await vi.waitFor(() =>
      expect(root.querySelector('[role="status"]')!.textContent).toBe(
        'This is possible only while the match is being played.',
      ),
    );
    expect(root.textContent).not.toContain('English text');
  });
});
