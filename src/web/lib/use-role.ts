import { canAccess, type TeamArea } from '#shared/team-access.ts';
import { useUser } from './use-user.ts';

/** The signed-in member's role, and whether it may use an area (docs/team.md). */
export function useRole() {
  const { user } = useUser();
  const role = user?.role ?? null;
  return { role, can: (area: TeamArea) => role !== null && canAccess(role, area) };
}
