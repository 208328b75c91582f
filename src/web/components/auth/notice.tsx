import { AlertCircleIcon, CheckCircle2Icon, InfoIcon, MailIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MessageResponse } from '#shared/schemas/auth.ts';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';

type NoticeVariant = 'success' | 'error' | 'info' | 'mail';

const styles: Record<NoticeVariant, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  mail: 'border-teal-200 bg-teal-50 text-teal-900',
};

const icons: Record<NoticeVariant, typeof InfoIcon> = {
  success: CheckCircle2Icon,
  error: AlertCircleIcon,
  info: InfoIcon,
  mail: MailIcon,
};

/**
 * A message in the page (not a toast: it stays until the user has read it). Errors are announced
 * at once (role alert), everything else politely (role status).
 */
export function Notice({
  variant,
  title,
  children,
  className,
}: {
  variant: NoticeVariant;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = icons[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border p-4 text-sm', styles[variant], className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{title}</p>
        {children ? <div className="space-y-2 leading-relaxed">{children}</div> : null}
      </div>
    </div>
  );
}

/** A request's answer, once it has one: `title`, then the server's message (what it has sent, and where). */
export function AnswerNotice({
  answer,
  variant,
  title,
}: {
  answer: MessageResponse | undefined;
  variant: NoticeVariant;
  title: string;
}) {
  if (!answer) return null;
  return (
    <Notice variant={variant} title={title}>
      <p>{answer.message}</p>
    </Notice>
  );
}

/** A request's failure, if it failed: `title`, then the server's reason or else `fallback`. */
export function FailureNotice({
  error,
  title,
  fallback = 'Please try again.',
  className,
}: {
  error: unknown;
  title: string;
  fallback?: string;
  className?: string;
}) {
  if (!error) return null;
  return (
    <Notice variant="error" title={title} className={className}>
      <p>{errorMessage(error, fallback)}</p>
    </Notice>
  );
}
