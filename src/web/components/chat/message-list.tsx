import type { ChatMessageDto } from '#shared/schemas/chat.ts';

function TypingIndicator({ name }: { name: string }) {
  return (
    <div className="flex justify-start">
      <div className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-muted px-4 py-3.5" role="status">
        <span className="sr-only">{name} is typing…</span>
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

function speakerOf(message: ChatMessageDto): string {
  if (message.sender === 'user') return 'You';
  if (message.sender === 'agent') return message.name ?? 'The agency';
  return 'AI Assistant';
}

/**
 * The chat log. New messages are announced by screen readers (role="log" is a polite live
 * region). `draft` is the assistant's reply while it is being written; a person of the agency's
 * messages carry their name; a notice (someone joined or left) sits between the messages.
 */
export function MessageList({
  messages,
  isTyping,
  draft = '',
  typingName = null,
}: {
  messages: ChatMessageDto[];
  isTyping: boolean;
  draft?: string;
  /** A person of the agency who is typing. */
  typingName?: string | null;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div role="log" aria-live="polite" aria-label="Conversation" className="flex flex-col gap-3">
        {messages.map((message) => {
          if (message.sender === 'system') {
            return (
              <p key={message.id} className="text-center text-xs font-medium text-muted-foreground">
                {message.content}
              </p>
            );
          }
          const isMine = message.sender === 'user';
          const isPerson = message.sender === 'agent';
          return (
            <div key={message.id} className={isMine ? 'flex justify-end' : 'flex justify-start'}>
              <div
                className={`max-w-[85%] rounded-2xl px-4 py-2.5 text-[15px] leading-relaxed shadow-xs sm:max-w-[75%] ${
                  isMine
                    ? 'rounded-br-sm bg-primary text-primary-foreground'
                    : 'rounded-bl-sm bg-muted text-foreground'
                }`}
              >
                {isPerson ? (
                  <p className="mb-0.5 text-xs font-semibold text-primary">
                    {speakerOf(message)}
                    <span className="sr-only"> said:</span>
                  </p>
                ) : (
                  <span className="sr-only">{`${speakerOf(message)} said: `}</span>
                )}
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
      {isTyping && draft ? (
        <div className="flex justify-start" aria-hidden="true">
          <div className="max-w-[85%] rounded-2xl rounded-bl-sm bg-muted px-4 py-2.5 text-[15px] leading-relaxed text-foreground shadow-xs sm:max-w-[75%]">
            <p className="whitespace-pre-wrap break-words">{draft}</p>
          </div>
        </div>
      ) : isTyping || typingName ? (
        <TypingIndicator name={typingName ?? 'AI Assistant'} />
      ) : null}
    </div>
  );
}
