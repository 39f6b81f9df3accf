/**
 * The create-a-match form: the host's name, address and the match title, then the rules (a preset
 * and single options), the seats, the deadlines and the host's coup-fourré choice. Sends POST
 * /api/matches, saves the host's links on this device and opens the match.
 */
import type { JSX } from 'preact';
import { t } from '../../i18n';
import { ApiError, api } from '../../lib/api';
import { navigate } from '../../lib/router';
import { saveMatch } from '../../lib/storage';
import type { CreateMatch } from '../../lib/types';
import { errorText } from '../../lib/words';
import { type CreateFormState, createRequest, formChoice, useCreateForm } from './form-state';
import { RulesPicker } from './RulesPicker';
import { Seats } from './Seats';
import { Timing } from './Timing';

/** The token `key` of a link's fragment (`#seat=…`), if any. */
function fragmentToken(url: string | null | undefined, key: string): string | undefined {
  if (!url) return undefined;
  return new URLSearchParams(new URL(url, 'http://x').hash.slice(1)).get(key) ?? undefined;
}

/** Creates the match, saves the host's seat, host and invitation links, and opens it; errors in words. */
async function send(form: CreateFormState, body: CreateMatch): Promise<void> {
  form.busy.value = true;
  form.err.value = null;
  try {
    const created = await api.create(body);
    const mySeat = created.seats.find((s) => s.seat === 0);
    saveMatch({
      matchId: created.matchId,
      title: body.title ?? '',
      seat: 0,
      seatToken: fragmentToken(mySeat?.url, 'seat'),
      hostToken: fragmentToken(created.hostUrl, 'host'),
      inviteToken: fragmentToken(created.inviteUrl, 'invite'),
    });
    navigate(`/m/${created.matchId}`);
  } catch (x) {
    if (x instanceof ApiError) {
      form.err.value = x.issues.length ? t('home.problems', { list: x.issues.join('; ') }) : errorText(x);
    } else form.err.value = errorText({ code: 'crash', message: String(x) });
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
          maxLength={40}
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
          maxLength={80}
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

/** The create-a-match form. */
export function CreateForm(): JSX.Element {
  const form = useCreateForm();
  const choice = formChoice(form);
  const submit = (e: Event) => {
    e.preventDefault();
    return send(form, createRequest(form, choice));
  };
  return (
    <form class="create card-box" onSubmit={submit} aria-labelledby="create-title">
      <h2 id="create-title">{t('home.create')}</h2>
      <AboutMe form={form} />
      <RulesPicker form={form} choice={choice} />
      <Seats form={form} choice={choice} />
      <Timing form={form} />
      <CoupFourreMode form={form} />
      <button type="submit" class="primary big" disabled={form.busy.value}>
        {form.busy.value ? t('home.creating') : t('home.submit')}
      </button>
      {form.err.value && (
        <p class="error" role="alert">
          {form.err.value}
        </p>
      )}
    </form>
  );
}
