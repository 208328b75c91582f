import type { LucideIcon } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import { PendingButton } from '#web/components/ui/button.tsx';

/** A form that creates something (an endpoint, an API key): its fields, then its one button at the right. */
export function CreateFormFrame({
  onSubmit,
  isPending,
  icon,
  submitLabel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  isPending: boolean;
  icon: LucideIcon;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 rounded-lg border border-border p-4">
      {children}
      <div className="flex justify-end">
        <PendingButton type="submit" isPending={isPending} icon={icon} className="w-full sm:w-auto">
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}
