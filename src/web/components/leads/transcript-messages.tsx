import { BotIcon, UserIcon, UserRoundIcon } from 'lucide-react';
import { formatDateTime } from '#shared/format.ts';
import type { TranscriptMessage } from '#shared/schemas/leads.ts';
import { cn } from '#web/lib/utils.ts';

const SPEAKERS = {
  user: { label: 'Tenant', Icon: UserIcon },
  ai: { label: 'AI assistant', Icon: BotIcon },
  agent: { label: 'Agent', Icon: UserRoundIcon },
} as const;

/**
 * A chat as the agency reads it (a lead's transcript, a live conversation): the tenant on the
 * right, the assistant and the agency's people on the left, notices of joining between.
 */
export function TranscriptMessages({ messages }: { messages: TranscriptMessage[] }) {
  return (
    <ol className="grid gap-3" aria-label="Messages">
      {messages.map((message) => {
        if (message.sender === 'system') {
          return (
            <li key={message.id} className="text-center text-xs font-medium text-muted-foreground">
              {message.content}
            </li>
          );
        }
        const isTenant = message.sender === 'user';
        const { label, Icon } = SPEAKERS[message.sender];
        const speaker = message.sender === 'agent' && message.name ? message.name : label;
        return (
          <li key={message.id} className={cn('flex gap-2', isTenant && 'flex-row-reverse')}>
            <span
              className={cn(
                'mt-1 flex size-7 shrink-0 items-center justify-center rounded-full',
                isTenant ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
              )}
              aria-hidden="true"
            >
              <Icon className="size-4" />
            </span>
            <div
              className={cn(
                'max-w-[80%] rounded-lg px-3 py-2 text-sm',
                isTenant ? 'bg-accent' : message.sender === 'agent' ? 'bg-teal-50' : 'bg-muted',
              )}
            >
              <p className={message.sender === 'agent' ? 'text-xs font-semibold text-teal-900' : 'sr-only'}>
                {speaker}:
              </p>
              <p className="whitespace-pre-wrap break-words">{message.content}</p>
              {message.timestamp ? (
                <p className="mt-1 text-xs text-muted-foreground">{formatDateTime(message.timestamp)}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
