/**
 * The create-a-match form: the host's name, address and the match title, then the rules (a preset
 * and single options), the seats, the deadlines and the host's coup-fourré choice. Sends POST
 * /api/matches, saves the host's links (and, if asked, the host's choices: lib/create-memory.ts) on
 * this device and opens the match; when invitations were mailed it first says to whom. The daily
 * budget of addresses refused (429 `mail.daily_limit`, nothing created) is said in words, with a
 * button that creates the match without any address.
 */

import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { NAME_MAX_CHARS, TITLE_MAX_CHARS } from '../../../../worker/shared/limits';
import { t } from '../../i18n';
import { ApiError, api } from '../../lib/api';
import { forgetCreateMemory, saveCreateMemory } from '../../lib/create-memory';
import { navigate } from '../../lib/router';
import { saveMatch } from '../../lib/storage';
import type { Created, CreateMatch } from '../../lib/types';
import { errorWords } from '../../lib/words';
import {
  type CreateFormState,
  createRequest,
  formChoice,
  type Invitations,
  mailedSeats,
  memoryOf,
  useCreateForm,
} from './form-state';
import { issueFields } from './issues';
import { OpenOption, OpenTableLink } from './OpenOption';
import { RulesPicker } from './RulesPicker';
import { Seats } from './Seats';
import { Timing } from './Timing';

/** The token `key` of a link's fragment (`#seat=…`), if any. */
function fragmentToken(url: string | null | undefined, key: string): string | undefined {
  if (!url) return undefined;
  return new URLSearchParams(new URL(url, 'http://x').hash.slice(1)).get(key) ?? undefined;
}

/** `body` without any e-mail address: invited seats become open seats (shared by link). */
function withoutAddresses(body: CreateMatch): CreateMatch {
  return {
    ...body,
    seats: body.seats.map(({ email: _, ...s }, i) =>
      i > 0 && s.kind === 'human' ? { kind: 'open', ...(s.name ? { name: s.name } : {}) } : s,
    ),
  };
}

/**
 * What became of `body`'s invitation addresses (`Created.mailed`: the seats mailed): "Bob
 * (bob@example.org), …" and the seats to share a link with instead.
 */
function invitations(body: CreateMatch, created: Created): Invitations {
  const name = (seat: number) => created.seats[seat]?.name ?? t('home.seat', { n: seat + 1 });
  const invited = mailedSeats(body);
  const sent = invited.filter(({ seat }) => created.mailed?.includes(seat));
  return {
    matchId: created.matchId,
    mailed: sent.map(({ seat, email }) => `${name(seat)} (${email})`).join(', '),
    unsent: invited
      .filter((i) => !sent.includes(i))
      .map(({ seat }) => ({ name: name(seat), url: created.seats[seat]?.url ?? '' })),
  };
}

/**
 * Creates the match, saves the host's seat, host and invitation links (and remembers or forgets the
 * choices), then opens it, or first says to whom invitations were mailed; errors in words.
 */
async function send(form: CreateFormState, body: CreateMatch, remembered: () => void): Promise<void> {
  form.busy.value = true;
  form.err.value = null;
  form.retry.value = null;
  try {
    const created = body.open ? await (await api.open()).create(body) : await api.create(body);
    remembered();
    const mySeat = created.seats.find((s) => s.seat === 0);
    saveMatch({
      matchId: created.matchId,
      title: body.title ?? '',
      seat: 0,
      seatToken: fragmentToken(mySeat?.url, 'seat'),
      hostToken: fragmentToken(created.hostUrl, 'host'),
      inviteToken: fragmentToken(created.inviteUrl, 'invite'),
      guestUrls: Object.fromEntries(
        created.seats.filter((s) => s.seat > 0 && s.url).map((s) => [String(s.seat), s.url as string]),
      ),
      mailedSeats: created.mailed ?? [],
    });
    if (mailedSeats(body).length) form.done.value = invitations(body, created);
    else navigate(`/m/${created.matchId}`);
  } catch (x) {
    if (x instanceof ApiError) {
      // The server's issues are English and count seats from 0: only the fields they name are shown.
      const fields = issueFields(x.issues);
      form.err.value = fields.length ? t('home.problems', { list: fields.join(', ') }) : await errorWords(x);
      if (x.code === 'mail.daily_limit') form.retry.value = withoutAddresses(body);
    } else form.err.value = await errorWords({ code: 'crash', message: String(x) });
  } finally {
    form.busy.value = false;
  }
}

/** The host's name (required), e-mail address and the match title. */
function AboutMe({ form }: { form: CreateFormState }): JSX.Element {
  return (
    <>
      <label>
        {t('home.yourName')}
        <input
          required
          maxLength={NAME_MAX_CHARS}
          value={form.myName.value}
          onInput={(e) => (form.myName.value = e.currentTarget.value)}
          autoComplete="nickname"
        />
      </label>
      <label>
        {t('home.email')}
        <input
          type="email"
          value={form.myEmail.value}
          onInput={(e) => (form.myEmail.value = e.currentTarget.value)}
          autoComplete="email"
        />
      </label>
      <label>
        {t('home.matchTitle')}
        <input
          maxLength={TITLE_MAX_CHARS}
          value={form.title.value}
          onInput={(e) => (form.title.value = e.currentTarget.value)}
        />
      </label>
    </>
  );
}

/** The host's coup-fourré choice (RULES.md §7): play it automatically, or be asked. */
function CoupFourreMode({ form }: { form: CreateFormState }): JSX.Element {
  return (
    <fieldset>
      <legend>{t('home.coupFourre')}</legend>
      {(['auto', 'ask'] as const).map((mode) => (
        <label key={mode} class="radio">
          <input
            type="radio"
            name="cf"
            checked={form.responseMode.value === mode}
            onChange={() => (form.responseMode.value = mode)}
          />
          {t(`cf.${mode}`)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * After creating a match with invitation addresses: to whom they were mailed (or the links to share),
 * and the way in. It takes the place of the long form, wherever the page was scrolled to: it comes to
 * the top of the screen (on a phone the form's button was far below it), its way on taking the focus.
 */
function InvitationsMailed({ done }: { done: Invitations }): JSX.Element {
  const box = useRef<HTMLElement>(null);
  const open = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'start' });
    open.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section class="create card-box" aria-labelledby="create-title" ref={box}>
      <h2 id="create-title">{t('home.create')}</h2>
      <div role="status">
        {done.mailed && <p>{t('create.mailed', { list: done.mailed })}</p>}
        {done.unsent.length > 0 && <p>{t('create.notMailed')}</p>}
      </div>
      {done.unsent.length > 0 && (
        <ul class="unsent">
          {done.unsent.map((u) => (
            <li key={u.url}>
              {u.name}: <a href={u.url}>{u.url}</a>
            </li>
          ))}
        </ul>
      )}
      <button type="button" class="primary big" ref={open} onClick={() => navigate(`/m/${done.matchId}`)}>
        {t('create.openMatch')}
      </button>
    </section>
  );
}

/** The create-a-match form. */
export function CreateForm(): JSX.Element {
  const form = useCreateForm();
  const choice = formChoice(form);
  if (form.done.value) return <InvitationsMailed done={form.done.value} />;
  // Remembered only once the server accepted the match (lib/create-memory.ts).
  const remembered = () =>
    form.remember.value ? saveCreateMemory(memoryOf(form, choice)) : forgetCreateMemory();
  const submit = (e: Event) => {
    e.preventDefault();
    return send(form, createRequest(form, choice), remembered);
  };
  const retry = form.retry.value;
  return (
    <form class="create card-box" onSubmit={submit} aria-labelledby="create-title">
      <h2 id="create-title">{t('home.create')}</h2>
      <OpenTableLink />
      <AboutMe form={form} />
      <RulesPicker form={form} choice={choice} />
      <Seats form={form} choice={choice} />
      <Timing form={form} />
      <OpenOption form={form} />
      <CoupFourreMode form={form} />
      <label class="radio">
        <input
          type="checkbox"
          checked={form.remember.value}
          onChange={(e) => (form.remember.value = e.currentTarget.checked)}
        />
        {t('create.remember')}
      </label>
      <button type="submit" class="primary big" disabled={form.busy.value}>
        {form.busy.value ? t('home.creating') : t('home.submit')}
      </button>
      {form.err.value && (
        <p class="error" role="alert">
          {form.err.value}
        </p>
      )}
      {retry && (
        <button type="button" disabled={form.busy.value} onClick={() => send(form, retry, remembered)}>
          {t('create.withoutMail')}
        </button>
      )}
    </form>
  );
}
