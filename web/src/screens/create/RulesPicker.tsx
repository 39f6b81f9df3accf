/**
 * The create form's rules: the four presets with their source tag and one-line summary, and under
 * "customize" every single option with its current value (RULES.md §10: a host may start from a
 * preset and change single options).
 */
import type { JSX } from 'preact';
import { OPTION_NAMES, PRESET_NAMES, PRESETS, type PresetName } from '../../../../worker/shared/rules-data';
import { SourceTag } from '../../components/SourceTag';
import { t } from '../../i18n';
import type { CreateFormState, FormChoice } from './form-state';
import { OptionControl } from './OptionControl';

/**
 * One preset's radio button and its source tag (beside the label: the tag is a button of its own);
 * choosing it drops the option changes (and teams if it plays none).
 */
function PresetChoice({ form, name }: { form: CreateFormState; name: PresetName }): JSX.Element {
  return (
    <div class="preset">
      <label class="radio">
        <input
          type="radio"
          name="preset"
          value={name}
          checked={form.preset.value === name}
          onChange={() => {
            form.preset.value = name;
            form.overrides.value = {};
            if (!PRESETS[name].seatings.some((s) => s.teamSize === 2)) form.teams.value = false;
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
        <PresetChoice key={name} form={form} name={name} />
      ))}
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
