import { useCallback, useEffect, useState } from 'react';
import type { LiveConversation, LiveSnapshot } from '#shared/schemas/live.ts';

/**
 * The company's live and recent conversations, kept current by the Live stream (server-sent
 * events; the browser's EventSource reconnects by itself, and each connection starts with a
 * fresh snapshot, so nothing is missed). Kept small: the dashboard loads it for the tab's badge,
 * the tab itself loads only when opened.
 */
export function useLiveConversations(companyId: string) {
  const [conversations, setConversations] = useState<LiveConversation[]>([]);
  /** Conversations that started since the page opened and nobody has looked at yet. */
  const [unseen, setUnseen] = useState<ReadonlySet<string>>(new Set());
  const [isConnected, setIsConnected] = useState(false);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const events = new EventSource(`/api/companies/${encodeURIComponent(companyId)}/live`);
    let known: Set<string> | null = null;
    events.addEventListener('snapshot', (event) => {
      const snapshot = JSON.parse(event.data as string) as LiveSnapshot;
      const ids = snapshot.conversations.map((c) => c.id);
      // After a reconnect, chats that began meanwhile are new too.
      if (known) {
        const before = known;
        const added = ids.filter((id) => !before.has(id));
        if (added.length > 0) setUnseen((previous) => new Set([...previous, ...added]));
      }
      known = new Set(ids);
      setConversations(snapshot.conversations);
      setIsConnected(true);
    });
    events.addEventListener('conversation', (event) => {
      const conversation = JSON.parse(event.data as string) as LiveConversation;
      if (known && !known.has(conversation.id)) {
        known.add(conversation.id);
        setUnseen((previous) => new Set(previous).add(conversation.id));
      }
      setConversations((previous) =>
        [conversation, ...previous.filter((c) => c.id !== conversation.id)].sort((a, b) =>
          b.lastActivityAt.localeCompare(a.lastActivityAt),
        ),
      );
    });
    events.onerror = () => setIsConnected(false);
    return () => events.close();
  }, [companyId]);

  const markSeen = useCallback((id: string) => {
    setUnseen((previous) => {
      if (!previous.has(id)) return previous;
      const next = new Set(previous);
      next.delete(id);
      return next;
    });
  }, []);

  return { conversations, unseen, markSeen, isConnected };
}

export type LiveConversations = ReturnType<typeof useLiveConversations>;
