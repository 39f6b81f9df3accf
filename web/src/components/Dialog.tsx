/**
 * A modal dialog on the native <dialog> element: a heading that names it, a Close button, Escape
 * closes. Closing puts the focus back where it was when the dialog opened (the button that opened
 * it), after the dialog is closed (the page is no longer inert), then calls `onClose`.
 */
import type { ComponentChildren, JSX } from 'preact';
import { useId, useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../i18n';

/**
 * An open modal dialog titled `title`; it shows while mounted and calls `onClose` to be removed.
 * `kind` adds a class `dialog-<kind>` for its own layout (e.g. the chat's sheet).
 */
export function Dialog(props: {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  kind?: string;
}): JSX.Element {
  const { title, onClose, children } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const opener = useRef<Element | null>(null);
  const close = () => {
    const d = ref.current;
    if (d?.open) d.close();
    if (opener.current instanceof HTMLElement) opener.current.focus();
    onClose();
  };
  useLayoutEffect(() => {
    const d = ref.current;
    if (!d) return;
    opener.current = document.activeElement;
    if (!d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    const onCancel = (e: Event) => {
      e.preventDefault();
      close();
    };
    d.addEventListener('cancel', onCancel);
    return () => d.removeEventListener('cancel', onCancel);
  }, []);
  return (
    <dialog
      ref={ref}
      class={props.kind ? `dialog dialog-${props.kind}` : 'dialog'}
      aria-labelledby={id}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        // Only this dialog closes, not one it lies in (the settings' "leave" confirmation).
        e.preventDefault();
        e.stopPropagation();
        close();
      }}
    >
      <div class="dialog-head">
        <h2 id={id}>{title}</h2>
        <button type="button" class="ghost small" onClick={close}>
          {t('common.close')}
        </button>
      </div>
      <div class="dialog-body">{children}</div>
    </dialog>
  );
}
