import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '#shared/format.ts';
import { AUDIT_ACTION_LABELS, type AuditEventDto } from '#shared/schemas/team.ts';
import { QueryList, SettingsCard } from '#web/components/company/settings-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useAuditLog } from './team-api.ts';

/** What an event was about, in a few words (never a tenant's name: the log keeps ids only). */
function eventDetail(event: AuditEventDto): string | null {
  const detail = event.detail as Record<string, unknown>;
  if (typeof detail.email === 'string') {
    if (typeof detail.from === 'string' && typeof detail.to === 'string') {
      return `${detail.email}: ${detail.from} → ${detail.to}`;
    }
    return typeof detail.role === 'string' ? `${detail.email} (${detail.role})` : detail.email;
  }
  if (typeof detail.rows === 'number') return `${detail.rows} leads`;
  return null;
}

/** The audit log, newest first, a page at a time: owners and admins (docs/team.md). */
export function AuditLogSection({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const audit = useAuditLog(companyId, page);
  return (
    <SettingsCard
      title="Audit log"
      description="Who opened a lead, exported data, deleted something or changed the team. Kept for 12 months."
      className="space-y-4"
    >
      <QueryList
        query={audit}
        loadingLabel="Loading the audit log"
        subject="the audit log"
        empty={{ when: (data) => data.events.length === 0, text: 'Nothing recorded yet.' }}
      >
        {(data) => (
          <ol className="divide-y divide-border rounded-lg border border-border" aria-label="Audit events">
            {data.events.map((event) => {
              const detail = eventDetail(event);
              return (
                <li key={event.id} className="grid gap-1 p-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)]">
                  <time dateTime={event.at} className="text-muted-foreground">
                    {formatDateTime(event.at)}
                  </time>
                  <p className="min-w-0 break-words">
                    <span className="font-medium">{AUDIT_ACTION_LABELS[event.action]}</span>
                    {detail ? <span className="text-muted-foreground"> · {detail}</span> : null}
                    <span className="block text-muted-foreground">By {event.actor ?? 'LetLead'}</span>
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </QueryList>
      {audit.data && (page > 1 || audit.data.hasMore) ? (
        <div className="flex items-center justify-between gap-2">
          <Button variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
            <ChevronLeftIcon aria-hidden="true" />
            Newer
          </Button>
          <span className="text-sm text-muted-foreground">Page {page}</span>
          <Button variant="outline" disabled={!audit.data.hasMore} onClick={() => setPage(page + 1)}>
            Older
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </SettingsCard>
  );
}
