import { XIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useBulkLeadStatus, useFailureToast } from '#web/components/dashboard/dashboard-api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { preloadable } from '#web/lib/preloadable.tsx';
import { toast } from '#web/lib/toast.ts';
import { LEAD_STATUS_LABELS, type LeadStatus, StatusSelect } from './lead-status.tsx';

// A chunk of its own (react-hook-form and zod): fetched as the bar first shows, long before anyone
// has opened the select and chosen Lost.
const LostReasonDialog = preloadable(() =>
  import('./lost-reason-dialog.tsx').then((module) => module.LostReasonDialog),
);

const leadsWord = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'lead' : 'leads'}`;

type BulkStatusBarProps = {
  companyId: string;
  selected: ReadonlySet<string>;
  /** Called once the change is saved: the ticks are cleared. */
  onDone: () => void;
};

/** Shown while leads are ticked: move them all to one status at once (all or none). */
export function BulkStatusBar({ companyId, selected, onDone }: BulkStatusBarProps) {
  const bulk = useBulkLeadStatus(companyId);
  const toastFailure = useFailureToast();
  const [isAskingReason, setIsAskingReason] = useState(false);
  // The select is an action, not a value: it goes back to its placeholder after each choice.
  const [choice, setChoice] = useState(0);
  const count = selected.size;

  const change = (status: LeadStatus, lostReason?: string) =>
    bulk.mutate(
      { ids: [...selected], status, lostReason },
      {
        onSuccess: () => {
          toast({ title: `${leadsWord(count)} moved to ${LEAD_STATUS_LABELS[status]}` });
          onDone();
        },
        onError: (error) => toastFailure(error, 'The leads could not be moved'),
      },
    );

  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of actions on the ticked rows, not a form group
    <div
      role="group"
      aria-label="Change the ticked leads"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/40 bg-accent px-3 py-2"
    >
      <span className="text-sm font-medium" aria-live="polite">
        {leadsWord(count)} selected
      </span>
      <StatusSelect
        key={choice}
        value={undefined}
        label={`Change the status of ${leadsWord(count)}`}
        placeholder="Change status…"
        className="h-9 w-auto min-w-44 bg-background"
        disabled={bulk.isPending}
        onChange={(status) => {
          setChoice((n) => n + 1);
          if (status === 'lost') setIsAskingReason(true);
          else change(status);
        }}
      />
      <Button variant="ghost" size="sm" onClick={onDone} className="ml-auto">
        <XIcon aria-hidden="true" />
        Clear selection
      </Button>
      <Suspense fallback={null}>
        <LostReasonDialog
          open={isAskingReason}
          subject={count === 1 ? 'this lead' : `these ${leadsWord(count)}`}
          isPending={bulk.isPending}
          onCancel={() => setIsAskingReason(false)}
          onConfirm={(reason) => {
            setIsAskingReason(false);
            change('lost', reason);
          }}
        />
      </Suspense>
    </div>
  );
}
