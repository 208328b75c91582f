import type { Assignee } from '#shared/schemas/team.ts';
import { Select, SelectItem, SelectOptions, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';

/** The select's value for nobody: a Radix select item cannot have an empty value. */
const NOBODY = 'nobody';

type AssigneeSelectProps = {
  /** The member's user id, or null for nobody. */
  value: string | null | undefined;
  assignees: Assignee[];
  onChange: (assigneeId: string | null) => void;
  /** The accessible name, e.g. "Assigned to" or "Looked after by". */
  label: string;
  id?: string;
  className?: string;
  disabled?: boolean;
};

/** Choose who works a lead or looks after a listing: "Unassigned", then the members by name. */
export function AssigneeSelect({
  value,
  assignees,
  onChange,
  label,
  id,
  className,
  disabled,
}: AssigneeSelectProps) {
  return (
    <Select
      value={value ?? NOBODY}
      onValueChange={(next) => onChange(next === NOBODY ? null : next)}
      disabled={disabled}
    >
      <SelectTrigger aria-label={label} id={id} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectOptions
        options={assignees.map((assignee) => ({ value: assignee.userId, label: assignee.name }))}
      >
        <SelectItem value={NOBODY}>Unassigned</SelectItem>
      </SelectOptions>
    </Select>
  );
}

/** The assignee's name for reading (a member who has left reads as nobody). */
export function assigneeName(assignees: Assignee[] | undefined, assigneeId: string | null | undefined) {
  if (!assigneeId) return 'Unassigned';
  return assignees?.find((assignee) => assignee.userId === assigneeId)?.name ?? 'Unassigned';
}
