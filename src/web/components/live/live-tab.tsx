import { ArrowDownIcon, HandIcon, RadioIcon, SendHorizontalIcon, UndoIcon } from 'lucide-react';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatDateTime } from '#shared/format.ts';
import type {
  LiveConversation,
  LiveDeltaEvent,
  LiveMessageEvent,
  TakeoverResponse,
} from '#shared/schemas/live.ts';
import { TranscriptMessages } from '#web/components/leads/transcript-messages.tsx';
import { ChannelBadge } from '#web/components/messaging/lead-channel.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { ListPlaceholder, TabSection } from '#web/components/ui/list-states.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { toastError } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import type { LiveConversations } from './use-live-conversations.ts';

type Props = { live: LiveConversations; userId: string };

/** The Live tab: the company's chats as they happen; watch one, take it over, hand it back. */
export default function LiveTab({ live, userId }: Props) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = live.conversations.find((c) => c.id === selectedId) ?? null;

  const select = (id: string) => {
    setSelectedId(id);
    live.markSeen(id);
  };

  return (
    <TabSection
      title="Live conversations"
      description="Chats under way and those of the last 24 hours. Watch one as it happens, or take it over to talk to the tenant yourself."
      actions={
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <RadioIcon
            aria-hidden="true"
            className={cn('size-4', live.isConnected ? 'text-emerald-700' : '')}
          />
          {live.isConnected ? 'Updating live' : 'Connecting…'}
        </p>
      }
    >
      {live.conversations.length === 0 ? (
        <ListPlaceholder>
          No chats in the last 24 hours. New ones appear here as tenants start them.
        </ListPlaceholder>
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <ul className="grid gap-2" aria-label="Conversations">
            {live.conversations.map((conversation) => (
              <li key={conversation.id}>
                <ConversationItem
                  conversation={conversation}
                  isNew={live.unseen.has(conversation.id)}
                  isSelected={conversation.id === selectedId}
                  onSelect={() => select(conversation.id)}
                />
              </li>
            ))}
          </ul>
          {selected ? (
            <ConversationPanel key={selected.id} summary={selected} userId={userId} />
          ) : (
            <ListPlaceholder>Choose a conversation to watch it.</ListPlaceholder>
          )}
        </div>
      )}
    </TabSection>
  );
}

/** The width from which the list and the chosen chat sit side by side (Tailwind's `lg`). */
const SIDE_BY_SIDE_QUERY = '(min-width: 1024px)';

function tenantLabel(conversation: LiveConversation): string {
  return conversation.tenantName ?? 'New tenant';
}

function ConversationItem({
  conversation,
  isNew,
  isSelected,
  onSelect,
}: {
  conversation: LiveConversation;
  isNew: boolean;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const { progress } = conversation;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={isSelected ? 'true' : undefined}
      className={cn(
        'grid w-full gap-1 rounded-lg border bg-background p-3 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        isSelected && 'border-primary ring-1 ring-primary',
      )}
    >
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{tenantLabel(conversation)}</span>
        {isNew && <Badge>New</Badge>}
        <ChannelBadge channel={conversation.channel} />
        <StatusBadge conversation={conversation} />
      </span>
      <span className="text-muted-foreground">
        {conversation.propertyName ?? 'Agency link'} · {progress.answered}/{progress.total} answered ·{' '}
        {formatDateTime(conversation.lastActivityAt)}
      </span>
      {conversation.lastMessage && (
        <span className="line-clamp-1 text-muted-foreground">{conversation.lastMessage.content}</span>
      )}
    </button>
  );
}

function StatusBadge({ conversation }: { conversation: LiveConversation }) {
  if (conversation.status === 'ended') return <Badge variant="outline">Ended</Badge>;
  if (conversation.takenOver)
    return <Badge variant="warning">{conversation.takenOver.name} is in the chat</Badge>;
  return <Badge variant="success">Live</Badge>;
}

/**
 * One conversation's transcript as it streams in (from the start, then each message once); an
 * ended one's stream sends what it holds and ends.
 */
function useConversationStream(conversationId: string) {
  const [messages, setMessages] = useState<LiveMessageEvent[]>([]);
  const [draft, setDraft] = useState('');
  const [isTenantTyping, setIsTenantTyping] = useState(false);
  useEffect(() => {
    setMessages([]);
    setDraft('');
    let typingTimer: number | undefined;
    if (typeof EventSource === 'undefined') return;
    const events = new EventSource(`/api/conversations/${conversationId}/events?after=0`);
    events.onmessage = (event) => {
      const message = JSON.parse(event.data as string) as LiveMessageEvent;
      if (message.sender === 'ai') setDraft('');
      if (message.sender === 'user') setIsTenantTyping(false);
      setMessages((previous) =>
        previous.some((m) => m.seq >= message.seq) ? previous : [...previous, message],
      );
    };
    events.addEventListener('delta', (event) => {
      const { delta } = JSON.parse(event.data as string) as LiveDeltaEvent;
      setDraft((text) => text + delta);
    });
    events.addEventListener('typing', () => {
      setIsTenantTyping(true);
      window.clearTimeout(typingTimer);
      typingTimer = window.setTimeout(() => setIsTenantTyping(false), 4500);
    });
    events.addEventListener('ended', () => events.close());
    return () => {
      events.close();
      window.clearTimeout(typingTimer);
    };
  }, [conversationId]);
  return { messages, draft, isTenantTyping };
}

/** Within this many pixels of the end, the reader counts as following the chat. */
const FOLLOW_SLACK_PX = 48;

/**
 * Keeps a scrolling transcript at its newest message while the reader is there; once they have
 * scrolled up to read, new messages are counted instead, for a marker that takes them down.
 */
function useFollowTranscript(count: number, extra: string) {
  const ref = useRef<HTMLElement>(null);
  const isFollowing = useRef(true);
  const seen = useRef(0);
  const [unread, setUnread] = useState(0);
  const toEnd = () => {
    const element = ref.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    isFollowing.current = true;
    seen.current = count;
    setUnread(0);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the transcript grows
  useLayoutEffect(() => {
    if (isFollowing.current) toEnd();
    else setUnread(count - seen.current);
  }, [count, extra]);
  const onScroll = () => {
    const element = ref.current;
    if (!element) return;
    const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_SLACK_PX;
    isFollowing.current = atEnd;
    if (atEnd) {
      seen.current = count;
      setUnread(0);
    }
  };
  return { ref, unread, onScroll, toEnd };
}

function ConversationPanel({ summary, userId }: { summary: LiveConversation; userId: string }) {
  const isActive = summary.status === 'active';
  const { messages, draft, isTenantTyping } = useConversationStream(summary.id);
  const follow = useFollowTranscript(messages.length, `${draft.length > 0}${isTenantTyping}`);
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const [content, setContent] = useState('');
  const [lastTypingSent, setLastTypingSent] = useState(0);
  // The tenant's page shows "{name} is typing…": told at most every 3 seconds.
  const announceTyping = () => {
    if (Date.now() - lastTypingSent < 3000) return;
    setLastTypingSent(Date.now());
    void fetch(`/api/conversations/${summary.id}/typing`, { method: 'POST' }).catch(() => {});
  };
  const [pending, setPending] = useState<'takeover' | 'handback' | 'message' | null>(null);
  const isMine = summary.takenOver?.userId === userId;
  const heldByOther = summary.takenOver && !isMine ? summary.takenOver.name : null;
  // Once the agent has the chat, the box to write in comes into view, ready to type.
  const canWrite = isActive && isMine;
  useEffect(() => {
    if (!canWrite) return;
    messageBox.current?.scrollIntoView({ block: 'nearest' });
    messageBox.current?.focus({ preventScroll: true });
  }, [canWrite]);
  // Below the lg breakpoint the panel sits under the list, out of sight: choosing a chat brings it
  // into view once its transcript is in (before that the page may be too short to scroll so far).
  const panel = useRef<HTMLDivElement>(null);
  const hasMessages = messages.length > 0;
  useEffect(() => {
    if (hasMessages && !window.matchMedia(SIDE_BY_SIDE_QUERY).matches) {
      panel.current?.scrollIntoView({ block: 'start' });
    }
  }, [hasMessages]);

  const run = async (step: 'takeover' | 'handback' | 'message', body?: unknown) => {
    setPending(step);
    try {
      const path = step === 'message' ? 'messages' : step;
      await apiRequest<TakeoverResponse>('POST', `/api/conversations/${summary.id}/${path}`, body);
      if (step === 'message') setContent('');
    } catch (error) {
      const fallback = {
        takeover: 'Could not take over the chat',
        handback: 'Could not hand the chat back',
        message: 'Your message was not sent',
      }[step];
      toastError(fallback, error);
    } finally {
      setPending(null);
    }
  };

  const handleSend = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim()) void run('message', { content: content.trim() });
  };

  return (
    <Card ref={panel} className="min-w-0 scroll-mt-4">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex flex-wrap items-center gap-2 text-base">
            {tenantLabel(summary)}
            <ChannelBadge channel={summary.channel} />
            <StatusBadge conversation={summary} />
          </CardTitle>
          {isActive && !summary.takenOver && (
            <Button onClick={() => void run('takeover')} disabled={pending !== null}>
              <HandIcon aria-hidden="true" />
              Take over
            </Button>
          )}
          {isActive && isMine && (
            <Button variant="outline" onClick={() => void run('handback')} disabled={pending !== null}>
              <UndoIcon aria-hidden="true" />
              Hand back
            </Button>
          )}
        </div>
        {heldByOther && isActive && (
          <p className="text-sm text-muted-foreground">
            {heldByOther} has taken over this chat. Only one person at a time can be in it.
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" aria-label="Known details">
          <dt className="text-muted-foreground">Property</dt>
          <dd>{summary.propertyName ?? 'Not chosen yet'}</dd>
          {summary.details.map((detail) => (
            <div key={detail.label} className="contents">
              <dt className="text-muted-foreground">{detail.label}</dt>
              <dd className="break-words">{detail.value}</dd>
            </div>
          ))}
          <dt className="text-muted-foreground">Progress</dt>
          <dd>
            {summary.progress.answered} of {summary.progress.total} questions answered
          </dd>
        </dl>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="relative">
          {/* Focusable, so that the keyboard can scroll a long transcript. */}
          <section
            ref={follow.ref}
            onScroll={follow.onScroll}
            className="max-h-[min(28rem,55vh)] overflow-y-auto rounded-md border p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Transcript"
            aria-live="polite"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
          >
            <TranscriptMessages messages={messages} />
            {isTenantTyping && (
              <p className="mt-3 text-xs text-muted-foreground" role="status">
                The tenant is typing…
              </p>
            )}
            {draft && (
              <p className="mt-3 rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">{draft}</p>
            )}
          </section>
          {follow.unread > 0 && (
            <Button
              size="sm"
              className="absolute bottom-3 left-1/2 -translate-x-1/2 shadow-md"
              onClick={follow.toEnd}
            >
              <ArrowDownIcon aria-hidden="true" />
              {follow.unread === 1 ? '1 new message' : `${follow.unread} new messages`}
            </Button>
          )}
        </div>
        {isActive && isMine && (
          <form onSubmit={handleSend} className="grid gap-2">
            <Label htmlFor={`live-message-${summary.id}`}>Message to the tenant</Label>
            <Textarea
              ref={messageBox}
              id={`live-message-${summary.id}`}
              value={content}
              maxLength={2000}
              rows={2}
              onChange={(event) => {
                setContent(event.target.value);
                announceTyping();
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) handleSend(event);
              }}
            />
            <Button type="submit" className="justify-self-end" disabled={pending !== null || !content.trim()}>
              <SendHorizontalIcon aria-hidden="true" />
              Send
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
