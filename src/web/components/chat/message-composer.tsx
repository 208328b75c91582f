import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { MAX_MESSAGE_LENGTH } from '#shared/chat-rules.ts';

/** The spec's focus delay: the box takes focus 100 ms after it becomes usable again. */
const FOCUS_DELAY_MS = 100;

type Props = {
  isDisabled: boolean;
  isEnded: boolean;
  isBusy: boolean;
  onSend: (text: string) => Promise<boolean>;
  /** Called as the tenant types (a person of the agency may be told). */
  onTyping?: () => void;
};

/** The message box: Enter sends, Shift+Enter starts a new line, blank messages are not sent. */
export function MessageComposer({ isDisabled, isEnded, isBusy, onSend, onTyping }: Props) {
  const [text, setText] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const canSend = !isDisabled && !isBusy && text.trim().length > 0;

  useEffect(() => {
    if (isDisabled || isBusy) return;
    const timer = window.setTimeout(() => textareaRef.current?.focus(), FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isDisabled, isBusy]);

  // The box grows with its text up to a few lines, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure on every change of text
  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight, 140)}px`;
  }, [text]);

  const send = async () => {
    if (!canSend) return;
    const message = text;
    setText('');
    const isSent = await onSend(message);
    if (!isSent) setText((current) => current || message);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={handleSubmit} className="flex items-end gap-2">
      <label htmlFor="chat-message" className="sr-only">
        Message
      </label>
      <textarea
        id="chat-message"
        ref={textareaRef}
        rows={1}
        value={text}
        maxLength={MAX_MESSAGE_LENGTH}
        disabled={isDisabled}
        placeholder={isEnded ? 'Chat has ended' : 'Type your message…'}
        enterKeyHint="send"
        onChange={(event) => {
          setText(event.target.value);
          onTyping?.();
        }}
        onKeyDown={handleKeyDown}
        className="block max-h-36 min-h-11 flex-1 resize-none rounded-2xl border border-input bg-background px-4 py-2.5 text-base leading-6 shadow-xs outline-none transition-colors placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70"
      />
      <button
        type="submit"
        disabled={!canSend}
        aria-label="Send message"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-xs transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Send aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
