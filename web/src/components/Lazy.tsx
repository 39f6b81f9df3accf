/** A component loaded on first use (keeps the QR code, rules page and catalogs out of the initial script). */
import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { loadLaterWords, t } from '../i18n';

/**
 * `load`'s component once loaded, together with the words the first paint did not need
 * (`loadLaterWords`); meanwhile "Loading…", or nothing with `quiet` (for a part that may
 * well render nothing, like the table's "since you left" summary).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { quiet?: boolean } = {},
): (props: P) => JSX.Element | null {
  let cached: ComponentType<P> | null = null;
  return function Lazy(props: P): JSX.Element | null {
    const [C, setC] = useState<ComponentType<P> | null>(() => cached);
    const [failed, setFailed] = useState<string | null>(null);
    useEffect(() => {
      if (C) return;
      Promise.all([load(), loadLaterWords()])
        .then(([c]) => {
          cached = c;
          setC(() => c);
        })
        .catch((e: unknown) => setFailed(String(e)));
    }, []);
    if (failed) return <p class="error">{t('error.networkOnce')}</p>;
    if (C) return <C {...props} />;
    return options.quiet ? null : <p class="muted">{t('common.loading')}</p>;
  };
}
