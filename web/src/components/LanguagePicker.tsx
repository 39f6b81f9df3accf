/** The language menu of every page (the header's, and the seat settings' with `onChange`). */
import type { JSX } from 'preact';
import { LANGUAGE_NAMES, LANGUAGES, type Language, lang, setLanguage, t } from '../i18n';

/** The language menu (used on every page). */
export function LanguagePicker(props: { onChange?: (l: Language) => void; compact?: boolean }): JSX.Element {
  const { onChange, compact = false } = props;
  return (
    <label class={`lang-picker${compact ? ' compact' : ''}`}>
      <span class={compact ? 'sr-only' : ''}>{t('nav.language')}</span>
      <select
        value={lang.value}
        onChange={(e) => {
          const next = e.currentTarget.value as Language;
          void setLanguage(next);
          onChange?.(next);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
