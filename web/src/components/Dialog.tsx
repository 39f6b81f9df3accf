/**
 * A modal dialog on the native <dialog> element: a heading that names it, a Close button, Escape
 * closes. The opener keeps the focus target: `onClose` runs after the dialog is closed (the page is no
 * longer inert), so the caller can put the focus back on the button that opened it.
 */
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { t } from '../i18n';

/** An open modal dialog titled `title`; it shows while mounted and calls `onClose` to be removed. */
export function Dialog(props: {
  title: string;
  onClose: () => void;
  class?: string;
  children: ComponentChildren;
}): JSX.Element {
  const { title, onClose, children } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const close = () => {
    const d = ref.current;
    if (d?.open) d.close();
    onClose();
  };
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
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
      class={`dialog ${props.class ?? ''}`}
      aria-labelledby={id}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
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
