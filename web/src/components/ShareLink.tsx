/**
 * A link to pass on: its words, the link in a read-only field, Copy (the clipboard) and Share (the
 * system share sheet, shown only where the browser has the Web Share API; elsewhere Copy does it).
 * The lobby's invitation and every league link use it.
 */
import { useSignal } from '@preact/signals';
import type { ComponentChildren, JSX } from 'preact';
import { useId } from 'preact/hooks';
import { t } from '../i18n';

/** `label`: the words above the link (they name the field); `shareText`: the message beside the link in the share sheet. */
export function ShareLink(props: {
  url: string;
  label: string;
  shareText: string;
  class?: string;
  /** More buttons in the row of Copy and Share. */
  actions?: ComponentChildren;
  /** Below the row (the lobby's QR code). */
  children?: ComponentChildren;
}): JSX.Element {
  const copied = useSignal(false);
  const id = useId();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <div class={props.class ? `share ${props.class}` : 'share'}>
      <p id={id}>{props.label}</p>
      <input
        class="link"
        readOnly
        value={props.url}
        aria-labelledby={id}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div class="actions">
        <button
          type="button"
          class="primary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(props.url);
              copied.value = true;
            } catch {
              copied.value = false;
            }
          }}
        >
          {t('lobby.copy')}
        </button>
        {canShare && (
          <button
            type="button"
            class="secondary"
            onClick={() =>
              void navigator
                .share({ title: t('app.title'), text: props.shareText, url: props.url })
                .catch(() => {})
            }
          >
            {t('lobby.shareSheet')}
          </button>
        )}
        {props.actions}
        <span role="status">{copied.value ? t('lobby.copied') : ''}</span>
      </div>
      {props.children}
    </div>
  );
}
