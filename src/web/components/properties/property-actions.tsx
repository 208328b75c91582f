import { CopyIcon, ExternalLinkIcon, PencilIcon } from 'lucide-react';
import type { PropertyDto } from '#shared/schemas/properties.ts';
import { useAssignees, useAssignProperty } from '#web/components/dashboard/dashboard-api.ts';
import { DeleteRowButton } from '#web/components/table/delete-row-button.tsx';
import { AssigneeSelect, assigneeName } from '#web/components/team/assignee-select.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { copyUrl } from '#web/lib/copy-url.ts';

/** Copy the property's AI agent link, or open it in a new tab; `isTouch` sizes them for a finger. */
export function AgentLinkButtons({
  property,
  isTouch = false,
}: {
  property: PropertyDto;
  isTouch?: boolean;
}) {
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="outline"
        size="sm"
        className={isTouch ? 'h-10 px-3' : 'h-8 px-2'}
        onClick={() => void copyUrl(property.chatbotUrl)}
        aria-label={`Copy AI agent link for ${property.propertyName}`}
        title={property.chatbotUrl}
      >
        <CopyIcon aria-hidden="true" />
        Copy
      </Button>
      <Button variant="ghost" size="icon" className={isTouch ? 'size-10' : 'size-8'} asChild>
        <a
          href={property.chatbotUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open AI agent for ${property.propertyName} in a new tab`}
          title={property.chatbotUrl}
        >
          <ExternalLinkIcon aria-hidden="true" />
        </a>
      </Button>
    </div>
  );
}

export type PropertyHandlers = {
  onEdit: (property: PropertyDto) => void;
  onDelete: (property: PropertyDto) => void;
};

/** What the Property List offers: edits (null for a role that cannot change listings, docs/team.md). */
export type PropertyListOptions = { companyId: string; handlers: PropertyHandlers | null };

/**
 * Who looks after the listing (its new leads and viewings email them): a select for a role that
 * may change listings, saved at once with PATCH; the name alone for the others.
 */
export function PropertyAssignee({
  property,
  companyId,
  handlers,
  className,
}: PropertyListOptions & { property: PropertyDto; className?: string }) {
  const assignees = useAssignees(companyId);
  const assign = useAssignProperty(companyId);
  if (!handlers) {
    return <span className="text-sm">{assigneeName(assignees.data, property.assigneeId)}</span>;
  }
  return (
    <AssigneeSelect
      label={`Looked after by (${property.propertyName})`}
      value={property.assigneeId}
      assignees={assignees.data ?? []}
      disabled={!assignees.data}
      className={className}
      onChange={(assigneeId) => {
        if (assigneeId !== (property.assigneeId ?? null)) {
          assign.mutate({ propertyId: property.id, assigneeId });
        }
      }}
    />
  );
}

/** Edit and delete buttons for one property; `isTouch` sizes them for a finger. */
export function PropertyEditButtons({
  property,
  onEdit,
  onDelete,
  isTouch = false,
}: { property: PropertyDto; isTouch?: boolean } & PropertyHandlers) {
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        className={isTouch ? 'size-10' : 'size-8'}
        onClick={() => onEdit(property)}
        aria-label={`Edit ${property.propertyName}`}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <DeleteRowButton
        label={`Delete ${property.propertyName}`}
        onClick={() => onDelete(property)}
        isTouch={isTouch}
      />
    </div>
  );
}
