/**
 * The table's chat button, on the first paint: "Chat" with the number of messages of
 * others not yet read on this device (none while the seat muted the chat). It opens the chat panel,
 * loaded on first use (table/panels.tsx). No button for a caller the server does not let read the
 * chat (its MatchInfo has no `chat` tally: a spectator when the host did not allow it).
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { lazyComponent } from '../../components/Lazy';
import { t } from '../../i18n';
import { unreadCount } from '../../lib/chat-unread';
import type { MatchSession } from '../../lib/session';
import type { MatchInfo } from '../../lib/types';

const ChatDialog = lazyComponent(() => import('./panels').then((m) => m.ChatDialog));

/** The button with its unread badge, and the chat dialog while open. */
export function ChatButton({
  session,
  info,
}: {
  session: MatchSession;
  info: MatchInfo;
}): JSX.Element | null {
  const open = useSignal(false);
  const muted = info.settings?.chatMuted === true;
  if (!info.chat) return null;
  const n = open.value ? 0 : unreadCount(info.matchId, info.chat, muted);
  return (
    <>
      <button
        type="button"
        class="ghost small chat-button"
        aria-haspopup="dialog"
        onClick={() => (open.value = true)}
      >
        {t('chat.open')}
        {n > 0 && (
          <>
            {' '}
            <span class="chat-badge">{n}</span>
            <span class="sr-only"> {t('chat.newCount', { n })}</span>
          </>
        )}
      </button>
      {open.value && <ChatDialog session={session} onClose={() => (open.value = false)} />}
    </>
  );
}
