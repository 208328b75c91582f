import { useCallback, useEffect, useRef, useState } from 'react';
import { isClosingMessage } from '#shared/chat-rules.ts';
import { readChatSource } from '#shared/chat-source.ts';
import type {
  ChatMessageDto,
  ChatRequest,
  ChatResponse,
  ConversationDto,
  EndChatRequest,
  EndReason,
  UsageCheck,
} from '#shared/schemas/chat.ts';
import type { LiveDeltaEvent, LiveMessageEvent, TenantStatusEvent } from '#shared/schemas/live.ts';
import type { BookedViewing } from '#shared/schemas/viewings.ts';
import { ApiError, apiRequest } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';

/** Typing is announced at most this often, and shown this long after the last announcement. */
const TYPING_EVERY_MS = 3000;
const TYPING_SHOWN_MS = 4500;

/** The automatic save waits about a second after the closing sentence. */
export const AUTO_SAVE_DELAY_MS = 1000;

export type ChatStatus = 'starting' | 'ready' | 'ended' | 'not-found' | 'failed';

type Options = {
  companySlug: string;
  propertySlug: string | null;
  /** Where the page goes when the agency cannot take a new enquiry. */
  onHoldingPage: () => void;
};

let nextLocalId = 0;
function localMessage(sender: ChatMessageDto['sender'], content: string): ChatMessageDto {
  nextLocalId += 1;
  return { id: `local-${nextLocalId}`, sender, content, timestamp: new Date().toISOString() };
}

/** The conversation's key is kept per company and property, so each link resumes its own chat. */
function storageKey(companySlug: string, propertySlug: string | null): string {
  return `letlead.chat.${companySlug}.${propertySlug ?? '-'}`;
}

function readStoredKey(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStoredKey(key: string, value: string | null): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // Private browsing may refuse storage: the chat still works, it just cannot resume.
  }
}

function isHoldingPageRedirect(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 429 &&
    (error.body as { redirectToHoldingPage?: unknown } | null)?.redirectToHoldingPage === true
  );
}

/** The chat's own error messages. */
function showSendError(error: unknown): void {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('Too many requests')) {
    toast({
      title: 'Service Busy',
      description: 'The service is currently busy. Please wait a moment and try again.',
      variant: 'destructive',
    });
    return;
  }
  toast({ title: 'Failed to send message. Please try again later.', variant: 'destructive' });
}

/**
 * The public chat's state: starting (resume a stored conversation, or open a new one with the
 * greeting), sending turns, and ending by Submit Request, the automatic save or page unload.
 */
export function useChat({ companySlug, propertySlug, onHoldingPage }: Options) {
  const [status, setStatus] = useState<ChatStatus>('starting');
  const [messages, setMessages] = useState<ChatMessageDto[]>([]);
  const [quickReplies, setQuickReplies] = useState<string[]>([]);
  const [isTyping, setIsTyping] = useState(true);
  const [isEnding, setIsEnding] = useState(false);
  const [attempt, setAttempt] = useState(0);
  /** The first name of the person of the agency who has the chat, or null (the assistant). */
  const [takenOverBy, setTakenOverBy] = useState<string | null>(null);
  /** The assistant's reply as it is being written (a streaming engine), until it is complete. */
  const [draft, setDraft] = useState('');
  /** The first name of the person of the agency while they are typing, else null. */
  const [typingName, setTypingName] = useState<string | null>(null);
  const typingTimer = useRef<number | undefined>(undefined);
  const lastTypingSent = useRef(0);
  /** How many stored messages the page had when it last loaded the conversation. */
  const storedCountRef = useRef(0);
  /** The open conversation's key and how many stored messages the page had as it opened. */
  const [live, setLive] = useState<{ sessionKey: string; after: number } | null>(null);
  /** The viewing the assistant booked in this chat, once it has. */
  const [viewing, setViewing] = useState<BookedViewing | null>(null);

  const sessionKeyRef = useRef<string | null>(null);
  const messagesRef = useRef<ChatMessageDto[]>([]);
  const endedRef = useRef(false);
  const autoSaveTimer = useRef<number | undefined>(undefined);
  const onHoldingPageRef = useRef(onHoldingPage);
  onHoldingPageRef.current = onHoldingPage;
  const key = storageKey(companySlug, propertySlug);
  const base = `/api/chat/${encodeURIComponent(companySlug)}`;

  const updateMessages = useCallback((update: (previous: ChatMessageDto[]) => ChatMessageDto[]) => {
    setMessages((previous) => {
      const next = update(previous);
      messagesRef.current = next;
      return next;
    });
  }, []);

  const endChat = useCallback(
    async (reason: EndReason): Promise<void> => {
      const sessionKey = sessionKeyRef.current;
      if (!sessionKey || endedRef.current) return;
      endedRef.current = true;
      window.clearTimeout(autoSaveTimer.current);
      setIsEnding(true);
      try {
        const body: EndChatRequest = { userSessionKey: sessionKey, propertySlug, reason };
        await apiRequest('POST', `${base}/end`, body);
        writeStoredKey(key, null);
        setQuickReplies([]);
        setStatus('ended');
      } catch {
        endedRef.current = false;
        toast({ title: 'Failed to submit your request. Please try again.', variant: 'destructive' });
      } finally {
        setIsEnding(false);
      }
    },
    [base, key, propertySlug],
  );

  const scheduleAutoSave = useCallback(() => {
    window.clearTimeout(autoSaveTimer.current);
    autoSaveTimer.current = window.setTimeout(() => {
      void endChat('auto');
    }, AUTO_SAVE_DELAY_MS);
  }, [endChat]);

  // Start: resume the stored conversation, else open a new one (which answers with the greeting).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the start on Try again
  useEffect(() => {
    let isCancelled = false;
    endedRef.current = false;
    sessionKeyRef.current = null;
    messagesRef.current = [];
    setMessages([]);
    setLive(null);
    setTakenOverBy(null);
    setViewing(null);
    setStatus('starting');
    setIsTyping(true);

    const fail = (error: unknown) => {
      if (isCancelled) return;
      if (isHoldingPageRedirect(error)) return onHoldingPageRef.current();
      if (error instanceof ApiError && error.status === 404) return setStatus('not-found');
      setIsTyping(false);
      setStatus('failed');
      showSendError(error);
    };

    const resume = async (sessionKey: string): Promise<boolean> => {
      try {
        const query = new URLSearchParams({ sessionKey });
        const conversation = await apiRequest<ConversationDto>('GET', `${base}/conversation?${query}`);
        if (conversation.isEnded) return false;
        if (isCancelled) return true;
        sessionKeyRef.current = conversation.sessionKey;
        messagesRef.current = conversation.messages;
        setMessages(conversation.messages);
        setQuickReplies(conversation.quickReplies);
        setTakenOverBy(conversation.takenOverBy);
        storedCountRef.current = conversation.messages.length;
        // The stream opens once the tenant has written (below): a page that only shows the
        // greeting holds no connection open, so it goes quiet like any other page.
        if (conversation.messages.some((m) => m.sender === 'user')) {
          setLive({ sessionKey: conversation.sessionKey, after: conversation.messages.length });
        }
        setIsTyping(false);
        setStatus('ready');
        // The page was closed between the closing sentence and its automatic save.
        if (conversation.isComplete) scheduleAutoSave();
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false;
        throw error;
      }
    };

    const start = async () => {
      const stored = readStoredKey(key);
      if (stored && (await resume(stored))) return;
      writeStoredKey(key, null);
      const usage = await apiRequest<UsageCheck>(
        'GET',
        `/api/companies/slug/${encodeURIComponent(companySlug)}/usage-check`,
      );
      if (isCancelled) return;
      if (!usage.canProcess) return onHoldingPageRef.current();
      // The link's source (`?src=`) and an enquiry reply's token (`?t=`), read once as it starts.
      const search = new URLSearchParams(window.location.search);
      const request: ChatRequest = {
        message: '',
        userSessionKey: null,
        propertySlug,
        src: readChatSource(search.get('src')),
        enquiryToken: search.get('t')?.slice(0, 500) || null,
      };
      const greeting = await apiRequest<ChatResponse>('POST', base, request);
      if (isCancelled) return;
      sessionKeyRef.current = greeting.sessionKey;
      writeStoredKey(key, greeting.sessionKey);
      const first = [localMessage('ai', greeting.response)];
      messagesRef.current = first;
      setMessages(first);
      setQuickReplies(greeting.quickReplies);
      storedCountRef.current = first.length;
      setIsTyping(false);
      setStatus('ready');
    };

    start().catch(fail);
    return () => {
      isCancelled = true;
      window.clearTimeout(autoSaveTimer.current);
    };
  }, [base, companySlug, key, propertySlug, scheduleAutoSave, attempt]);

  // What the page's own requests do not bring: a person of the agency joining, their messages,
  // the assistant back after them, and a streaming reply as it is written. A plain EventSource:
  // it reconnects by itself and sends Last-Event-ID, so nothing is lost or shown twice.
  useEffect(() => {
    if (!live || typeof EventSource === 'undefined') return;
    const query = new URLSearchParams({ sessionKey: live.sessionKey, after: String(live.after) });
    const events = new EventSource(`${base}/events?${query}`);
    const read = <T>(event: MessageEvent) => JSON.parse(event.data as string) as T;
    events.onmessage = (event) => {
      const { seq: _seq, ...message } = read<LiveMessageEvent>(event);
      if (message.sender === 'agent') setTypingName(null);
      updateMessages((previous) =>
        previous.some((m) => m.id === message.id) ? previous : [...previous, message],
      );
      if (message.sender === 'ai' && isClosingMessage(message.content)) scheduleAutoSave();
    };
    events.addEventListener('status', (event) => {
      const status = read<TenantStatusEvent>(event);
      setTakenOverBy(status.takenOverBy);
      if (!status.takenOverBy && status.quickReplies.length > 0) setQuickReplies(status.quickReplies);
    });
    events.addEventListener('typing', (event) => {
      setTypingName(read<{ name: string }>(event).name);
      window.clearTimeout(typingTimer.current);
      typingTimer.current = window.setTimeout(() => setTypingName(null), TYPING_SHOWN_MS);
    });
    events.addEventListener('delta', (event) => {
      const { delta } = read<LiveDeltaEvent>(event);
      setDraft((text) => text + delta);
    });
    events.addEventListener('ended', () => {
      events.close();
      if (endedRef.current) return;
      endedRef.current = true;
      writeStoredKey(key, null);
      setQuickReplies([]);
      setStatus('ended');
    });
    return () => {
      events.close();
      window.clearTimeout(typingTimer.current);
    };
  }, [base, key, live, scheduleAutoSave, updateMessages]);

  /** Tells the person who has the chat that the tenant is typing: at most every few seconds. */
  const announceTyping = useCallback(() => {
    const sessionKey = sessionKeyRef.current;
    if (!takenOverBy || !sessionKey || Date.now() - lastTypingSent.current < TYPING_EVERY_MS) return;
    lastTypingSent.current = Date.now();
    void fetch(`${base}/typing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionKey }),
    }).catch(() => {});
  }, [base, takenOverBy]);

  // Leaving the page mid-chat: the beacon tells the server, which ends the chat shortly unless
  // the page comes back (a refresh resumes it).
  useEffect(() => {
    const handlePageHide = () => {
      const sessionKey = sessionKeyRef.current;
      if (!sessionKey || endedRef.current || messagesRef.current.length <= 1) return;
      const body: EndChatRequest = { userSessionKey: sessionKey, propertySlug, reason: 'unload' };
      navigator.sendBeacon?.(`${base}/end`, JSON.stringify(body));
    };
    window.addEventListener('pagehide', handlePageHide);
    return () => window.removeEventListener('pagehide', handlePageHide);
  }, [base, propertySlug]);

  /** Sends one message; resolves false when it was not sent (the text stays in the box). */
  const sendMessage = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      const sessionKey = sessionKeyRef.current;
      if (!message || !sessionKey || endedRef.current || status !== 'ready' || isTyping) return false;
      const mine = localMessage('user', message);
      updateMessages((previous) => [...previous, mine]);
      // The first message opens the events stream, before the answer is asked for, so that a
      // streaming reply's first pieces are not missed.
      setLive((current) => current ?? { sessionKey, after: storedCountRef.current });
      setQuickReplies([]);
      setDraft('');
      setIsTyping(true);
      try {
        const request: ChatRequest = { message, userSessionKey: sessionKey, propertySlug };
        const reply = await apiRequest<ChatResponse>('POST', base, request);
        // A person has the chat: they answer over the events stream, the assistant says nothing.
        if (reply.takenOver) return true;
        updateMessages((previous) => [...previous, localMessage('ai', reply.response)]);
        setQuickReplies(reply.quickReplies);
        if (reply.viewing) setViewing(reply.viewing);
        if (reply.isComplete || isClosingMessage(reply.response)) scheduleAutoSave();
        return true;
      } catch (error) {
        updateMessages((previous) => previous.filter((m) => m.id !== mine.id));
        if (isHoldingPageRedirect(error)) onHoldingPageRef.current();
        else showSendError(error);
        return false;
      } finally {
        setDraft('');
        setIsTyping(false);
      }
    },
    [base, isTyping, propertySlug, scheduleAutoSave, status, updateMessages],
  );

  return {
    status,
    messages,
    quickReplies,
    isTyping,
    isEnding,
    takenOverBy,
    typingName,
    viewing,
    announceTyping,
    draft,
    canSubmit: status === 'ready' && messages.length > 1 && !isEnding,
    sendMessage,
    submitRequest: () => endChat('submit'),
    retry: () => setAttempt((n) => n + 1),
  };
}
