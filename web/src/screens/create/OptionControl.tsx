/** One rule option's control in the create form: a checkbox, a menu or a number, with its source tag. */
import type { JSX } from 'preact';
import { OPTION_VALUES, type OptionName, type RuleOptions } from '../../../../worker/shared/rules-data';
import { type MessageKey, t } from '../../i18n';
import { VALUE_SOURCES } from '../../lib/options';

/** One option's control; `onChange` gets the new value. RULES.md §3–§9 for what each option does. */
export function OptionControl(props: {
  name: OptionName;
  value: RuleOptions[OptionName];
  isDefault: boolean;
  onChange: (v: RuleOptions[OptionName]) => void;
}): JSX.Element {
  const { name, value, onChange } = props;
  const src = VALUE_SOURCES[name];
  const label = t(`opt.${name}` as MessageKey);
  const values = OPTION_VALUES[name];
  if (typeof value === 'boolean') {
    return (
      <label class="option">
        <input type="checkbox" checked={value} onChange={(e) => onChange(e.currentTarget.checked)} />
        <span>
          {label}{' '}
          <span class="src">
            {t('opt.on')} {src.true} · {t('opt.off')} {src.false}
          </span>
        </span>
      </label>
    );
  }
  if (values) {
    return (
      <label class="option">
        <span>{label}</span>
        <select value={String(value)} onChange={(e) => onChange(e.currentTarget.value as never)}>
          {values.map((v) => (
            <option key={v} value={v}>
              {t(`opt.${name}.${v}` as MessageKey)} {src[v] ?? ''}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <label class="option">
      <span>
        {label}{' '}
        <span class="src">
          {Object.entries(src)
            .sort(([a], [b]) => Number(b) - Number(a))
            .map(([v, tag]) => `${v} ${tag}`)
            .join(' · ')}
        </span>
      </span>
      <input
        type="number"
        min={name === 'goal' ? 100 : 0}
        step={name === 'goal' ? 25 : 500}
        value={Number(value)}
        onChange={(e) => onChange(Number(e.currentTarget.value) as never)}
      />
    </label>
  );
}
