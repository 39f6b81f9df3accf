/**
 * The create form's rules: the four presets with their source tag and one-line summary, a link to
 * what the source tags mean (the legend on the rules page, built once in table/RulesPanel.tsx), and
 * under "customize" every single option with its current value (RULES.md §10: a host may start from
 * a preset and change single options).
 */
import type { JSX } from 'preact';
import { OPTION_NAMES, PRESET_NAMES, PRESETS, type PresetName } from '../../../../worker/shared/rules-data';
import { SourceTag } from '../../components/SourceTag';
import { t } from '../../i18n';
import { type CreateFormState, type FormChoice, seatingForPreset } from './form-state';
import { OptionControl } from './OptionControl';

/**
 * One preset's radio button and its source tag (beside the label: the tag is a button of its own);
 * choosing it drops the option changes and sets a seating it plays (`seatingForPreset`).
 */
function PresetChoice(props: { form: CreateFormState; choice: FormChoice; name: PresetName }): JSX.Element {
  const { form, choice, name } = props;
  return (
    <div class="preset">
      <label class="radio">
        <input
          type="radio"
          name="preset"
          value={name}
          checked={form.preset.value === name}
          onChange={() => {
            form.seating.value = seatingForPreset(name, { seats: choice.seats, teamSize: choice.teamSize });
            form.preset.value = name;
            form.overrides.value = {};
          }}
        />
        <span>
          <strong>{t(`preset.${name}`)}</strong>
          <br />
          <span class="muted">{t(`presetSummary.${name}`)}</span>
        </span>
      </label>
      <SourceTag tag={PRESETS[name].source} />
    </div>
  );
}

/** The rules fieldset: the presets, then every option to customize. */
export function RulesPicker({ form, choice }: { form: CreateFormState; choice: FormChoice }): JSX.Element {
  const { defaults, effective } = choice;
  return (
    <fieldset>
      <legend>{t('home.rules')}</legend>
      {PRESET_NAMES.map((name) => (
        <PresetChoice key={name} form={form} choice={choice} name={name} />
      ))}
      <p class="src-help">
        <a href="/rules#rp-sources" target="_blank" rel="noopener">
          {t('panel.sources')}
        </a>
      </p>
      <details>
        <summary>{t('home.customize')}</summary>
        <div class="options">
          {OPTION_NAMES.map((name) => (
            <OptionControl
              key={name}
              name={name}
              value={effective[name]}
              isDefault={effective[name] === defaults[name]}
              onChange={(v) => (form.overrides.value = { ...form.overrides.value, [name]: v })}
            />
          ))}
        </div>
      </details>
    </fieldset>
  );
}
