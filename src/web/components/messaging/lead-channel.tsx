import { useQuery } from '@tanstack/react-query';
import { AlertTriangleIcon, MessageCircleIcon, SmartphoneIcon } from 'lucide-react';
import { formatFullDateTime } from '#shared/format.ts';
import type { ChannelMessageDto, ConversationChannelName } from '#shared/schemas/messaging.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';

const CHANNEL_NAMES = { whatsapp: 'WhatsApp', sms: 'SMS' } as const;

/**
 * "WhatsApp" or "SMS" beside a lead or a chat that came on a channel; nothing for the web chat.
 * `compact` (a table row, a board card) shows the icon alone, its name for screen readers and on hover.
 */
export function ChannelBadge({
  channel,
  compact = false,
}: {
  channel: ConversationChannelName | undefined;
  compact?: boolean;
}) {
  if (!channel || channel === 'web') return null;
  const Icon = channel === 'whatsapp' ? MessageCircleIcon : SmartphoneIcon;
  const name = CHANNEL_NAMES[channel];
  return (
    <Badge
      variant="outline"
      className={cn(
        channel === 'whatsapp'
          ? 'border-green-300 bg-green-50 text-green-900'
          : 'border-sky-300 bg-sky-50 text-sky-900',
        compact && 'px-1',
      )}
      title={`The tenant writes on ${name}`}
      role={compact ? 'img' : undefined}
      aria-label={compact ? name : undefined}
    >
      <Icon className="size-3" aria-hidden="true" />
      {compact ? null : name}
    </Badge>
  );
}

const STATUS_LABELS: Record<ChannelMessageDto['status'], string> = {
  received: 'Received',
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};

/**
 * The lead's thread on its channel with each message's delivery status; the tenant on the right,
 * as in the chat transcripts.
 */
export function ChannelThread({ leadId, deliveryFailed }: { leadId: string; deliveryFailed: boolean }) {
  const thread = useQuery<{ messages: ChannelMessageDto[] }>({
    queryKey: ['lead-channel-messages', leadId],
    queryFn: () => apiRequest('GET', `/api/leads/${leadId}/channel-messages`),
  });
  return (
    <div className="grid gap-3">
      {deliveryFailed ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive"
        >
          <AlertTriangleIcon className="size-4 shrink-0" aria-hidden="true" />A message to this tenant could
          not be delivered, even when tried again. Call or email them instead.
        </p>
      ) : null}
      {thread.isPending ? (
        <Spinner />
      ) : thread.isError ? (
        <p className="text-sm text-destructive">Could not load the messages.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Messages on the channel">
          {thread.data.messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                m.direction === 'in' ? 'justify-self-end bg-accent' : 'justify-self-start bg-muted',
              )}
            >
              <p className="sr-only">{m.direction === 'in' ? 'Tenant:' : 'To the tenant:'}</p>
              <p className="whitespace-pre-wrap break-words">{m.body}</p>
              <p className="mt-1 text-xs text-muted-foreground">
                {formatFullDateTime(m.at)}
                {m.direction === 'out' ? (
                  <span className={cn('ml-2', m.status === 'failed' && 'font-medium text-destructive')}>
                    {STATUS_LABELS[m.status]}
                    {m.error ? `: ${m.error}` : ''}
                  </span>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function channelName(channel: 'whatsapp' | 'sms'): string {
  return CHANNEL_NAMES[channel];
}
