import type { ChatMessageDto } from '#shared/schemas/chat.ts';

function TypingIndicator() {
  return (
    <div className="flex justify-start">
      <div className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-muted px-4 py-3.5" role="status">
        <span className="sr-only">AI Assistant is typing…</span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            className="size-2 animate-bounce rounded-full bg-muted-foreground/60 motion-reduce:animate-none"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </div>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

/** The chat log. New messages are announced by screen readers (role="log" is a polite live region). */
export function MessageList({ messages, isTyping }: { messages: ChatMessageDto[]; isTyping: boolean }) {
  return (
    <div className="flex flex-col gap-3">
      <div role="log" aria-live="polite" aria-label="Conversation" className="flex flex-col gap-3">
        {messages.map((message) => {
          const isMine = message.sender === 'user';
          return (
            <div key={message.id} className={isMine ? 'flex justify-end' : 'flex justify-start'}>
              <div
                className={`max-w-[85%] rounded-2xl px-4 py-2.5 text-[15px] leading-relaxed shadow-xs sm:max-w-[75%] ${
                  isMine
                    ? 'rounded-br-sm bg-primary text-primary-foreground'
                    : 'rounded-bl-sm bg-muted text-foreground'
                }`}
              >
                <span className="sr-only">{isMine ? 'You said: ' : 'AI Assistant said: '}</span>
                <p className="whitespace-pre-wrap break-words">{message.content}</p>
                <p
                  aria-hidden="true"
                  className={`mt-1 text-right text-[11px] ${isMine ? 'text-teal-50' : 'text-muted-foreground'}`}
                >
                  {formatTime(message.timestamp)}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      {isTyping && <TypingIndicator />}
    </div>
  );
}
