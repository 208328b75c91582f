import { useState } from 'react';
import { formatDateTime, formatFullDateTime } from '#shared/format.ts';
import { createLeadNoteSchema, type LeadActivityDto, type LeadListItemDto } from '#shared/schemas/leads.ts';
import type { ConversationChannelName } from '#shared/schemas/messaging.ts';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { showServerFieldErrors } from '#web/components/auth/server-errors.ts';
import {
  useAddLeadNote,
  useAssignees,
  useAssignLead,
  useFailureToast,
  useSetLeadStatus,
} from '#web/components/dashboard/dashboard-api.ts';
import { AssigneeSelect } from '#web/components/team/assignee-select.tsx';
import { PendingButton } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { activityText } from './lead-activity.ts';
import { type LeadStatus, StatusSelect } from './lead-status.tsx';
import { LostReasonDialog } from './lost-reason-dialog.tsx';

/** The lead's status in the side panel: change it here as on the board (lost asks why). */
export function LeadStatusControl({ companyId, lead }: { companyId: string; lead: LeadListItemDto }) {
  const setStatus = useSetLeadStatus(companyId);
  const [isAskingReason, setIsAskingReason] = useState(false);
  const change = (status: LeadStatus) => {
    if (status === lead.status) return;
    if (status === 'lost') setIsAskingReason(true);
    else setStatus.mutate({ leadId: lead.id, status });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusSelect
        id="lead-status"
        value={lead.status}
        label={`Status of ${lead.name || 'this lead'}`}
        className="h-10 w-auto min-w-44 sm:h-9"
        onChange={change}
      />
      {lead.status === 'lost' && lead.lostReason ? (
        <span className="text-sm text-muted-foreground">Lost: {lead.lostReason}</span>
      ) : null}
      <LostReasonDialog
        open={isAskingReason}
        subject={lead.name || 'this lead'}
        onCancel={() => setIsAskingReason(false)}
        onConfirm={(lostReason) => {
          setIsAskingReason(false);
          setStatus.mutate({ leadId: lead.id, status: 'lost', lostReason });
        }}
      />
    </div>
  );
}

/** Who works the lead: any member may give it to a member, or to nobody. */
export function LeadAssigneeControl({ companyId, lead }: { companyId: string; lead: LeadListItemDto }) {
  const assignees = useAssignees(companyId);
  const assign = useAssignLead(companyId);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="lead-assignee" className="text-sm text-muted-foreground">
        Assigned to
      </label>
      <AssigneeSelect
        id="lead-assignee"
        label="Assigned to"
        value={lead.assigneeId}
        assignees={assignees.data ?? []}
        disabled={!assignees.data}
        className="h-10 w-auto min-w-44 sm:h-9"
        onChange={(assigneeId) => {
          if (assigneeId !== lead.assigneeId) assign.mutate({ leadId: lead.id, assigneeId });
        }}
      />
    </div>
  );
}

/** Write a note on the lead; it joins the timeline with its author and time. */
export function NoteForm({ leadId }: { leadId: string }) {
  const addNote = useAddLeadNote(leadId);
  const toastFailure = useFailureToast();
  const form = useSchemaForm(createLeadNoteSchema, { body: '' });
  const handleSubmit = form.handleSubmit(({ body }) =>
    addNote.mutate(body, {
      onSuccess: () => form.reset({ body: '' }),
      onError: (error) => {
        showServerFieldErrors(form, error, ['body']);
        toastFailure(error, 'The note was not saved');
      },
    }),
  );
  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-2">
      <FormField label="Add a note" error={form.formState.errors.body?.message}>
        <Textarea
          rows={3}
          maxLength={2000}
          placeholder="e.g. Called, will confirm on Friday"
          {...form.register('body')}
        />
      </FormField>
      <PendingButton
        type="submit"
        variant="outline"
        className="justify-self-end"
        isPending={addNote.isPending}
      >
        Add note
      </PendingButton>
    </form>
  );
}

/** What happened to the lead, newest first, with who did it and when. */
export function LeadTimeline({
  activity,
  channel,
}: {
  activity: LeadActivityDto[];
  /** Where the tenant talked: the first line says where they enquired. */
  channel?: ConversationChannelName;
}) {
  if (activity.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing has happened to this lead yet.</p>;
  }
  return (
    <ol className="grid gap-0" aria-label="Timeline">
      {activity.map((entry, index) => {
        const { title, body } = activityText(entry, channel);
        return (
          <li
            // The entries have no id of their own; time, kind and position name each one.
            key={`${entry.at}-${entry.kind}-${index}`}
            className="relative border-l-2 border-border py-2 pl-4 before:absolute before:top-3.5 before:-left-[5px] before:size-2 before:rounded-full before:bg-muted-foreground/60"
          >
            <p className="text-sm font-medium">{title}</p>
            {body ? (
              <p
                className={
                  entry.kind === 'note'
                    ? 'mt-1 rounded-md bg-muted px-3 py-2 text-sm whitespace-pre-wrap break-words'
                    : 'text-sm text-muted-foreground break-words'
                }
              >
                {body}
              </p>
            ) : null}
            <p className="mt-0.5 text-xs text-muted-foreground">
              {entry.actor?.name ?? 'Automatic'} ·{' '}
              <time dateTime={entry.at} title={formatFullDateTime(entry.at)}>
                {formatDateTime(entry.at)}
              </time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
