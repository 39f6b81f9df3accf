/**
 * One rule option's control in the create form: a checkbox, a menu or a number, and beside its label
 * the source tag of each value (components/SourceTag: each tag is a button of its own, so it stays
 * outside the <label>; a menu shows the tag of the chosen value, as an <option> holds only text).
 */
import type { JSX } from 'preact';
import { OPTION_VALUES, type OptionName, type RuleOptions } from '../../../../worker/shared/rules-data';
import { SourceTag } from '../../components/SourceTag';
import { type MessageKey, t } from '../../i18n';
import { VALUE_SOURCES } from '../../lib/options';

/** Values with their source tags: "yes [H16] · no [OLD, NO, FR]". */
function SourceLine({ values }: { values: ReadonlyArray<readonly [string, string]> }): JSX.Element {
  return (
    <span class="src-line">
      {values.map(([word, tag], i) => (
        <span key={word}>
          {i > 0 && ' · '}
          {word} <SourceTag tag={tag} />
        </span>
      ))}
    </span>
  );
}

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
      <div class="option-row">
        <label class="option">
          <input type="checkbox" checked={value} onChange={(e) => onChange(e.currentTarget.checked)} />
          <span>{label}</span>
        </label>
        <SourceLine
          values={[
            [t('opt.on'), src.true],
            [t('opt.off'), src.false],
          ]}
        />
      </div>
    );
  }
  if (values) {
    const chosen = String(value);
    return (
      <div class="option-row">
        <label class="option">
          <span>{label}</span>
          <select value={chosen} onChange={(e) => onChange(e.currentTarget.value as never)}>
            {values.map((v) => (
              <option key={v} value={v}>
                {t(`opt.${name}.${v}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <span class="src-line">
          <SourceTag tag={src[chosen] ?? ''} />
        </span>
      </div>
    );
  }
  return (
    <div class="option-row">
      <label class="option">
        <span>{label}</span>
        <input
          type="number"
          min={name === 'goal' ? 100 : 0}
          step={name === 'goal' ? 25 : 500}
          value={Number(value)}
          onChange={(e) => onChange(Number(e.currentTarget.value) as never)}
        />
      </label>
      <SourceLine values={Object.entries(src).sort(([a], [b]) => Number(b) - Number(a))} />
    </div>
  );
}
