import type { ComponentProps } from 'react';
import { INVITED_ROLES, type InvitedRole, TEAM_ROLE_LABELS } from '#shared/schemas/team.ts';
import { Select, SelectOptions, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';

/** Admin or negotiator: the roles one can invite someone as or give them (the owner is handed over). */
export function RoleSelect({
  value,
  onValueChange,
  disabled,
  ...triggerProps
}: {
  value: InvitedRole;
  onValueChange: (role: InvitedRole) => void;
  disabled?: boolean;
} & Omit<ComponentProps<typeof SelectTrigger>, 'onChange'>) {
  return (
    <Select value={value} onValueChange={(role) => onValueChange(role as InvitedRole)} disabled={disabled}>
      <SelectTrigger {...triggerProps}>
        <SelectValue />
      </SelectTrigger>
      <SelectOptions
        options={INVITED_ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }))}
      />
    </Select>
  );
}
