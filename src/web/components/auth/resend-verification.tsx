import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '#shared/schemas/auth.ts';
import { PendingButton } from '#web/components/ui/button.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { AnswerNotice, FailureNotice } from './notice.tsx';

/** "Send the email again" (POST /api/auth/resend-verification), with what happened below it. */
export function ResendVerification({
  email,
  variant = 'outline',
}: {
  email: string;
  variant?: 'outline' | 'default';
}) {
  const resend = useMutation({
    mutationFn: () => apiRequest<MessageResponse>('POST', '/api/auth/resend-verification', { email }),
  });
  return (
    <div className="space-y-3">
      <PendingButton
        variant={variant}
        onClick={() => resend.mutate()}
        isPending={resend.isPending}
        className="w-full sm:w-auto"
      >
        Resend verification email
      </PendingButton>
      <AnswerNotice answer={resend.data} variant="success" title="Verification email sent" />
      <FailureNotice
        error={resend.error}
        title="We could not send the email"
        fallback="Please try again in a few minutes."
      />
    </div>
  );
}
