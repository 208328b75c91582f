import type { LeadStatus, UpdateLeadRequest } from '#shared/schemas/leads.ts';

/** The pipeline's forward order; `lost` stands outside it. */
const PIPELINE_ORDER: LeadStatus[] = ['new', 'contacted', 'viewing_booked', 'viewed', 'applied', 'let'];

/**
 * Whether the system (a viewing booked or attended) may move a lead from `current` to `target`.
 * Only forwards: a lead never goes back, and one that is applied, let or lost is a person's
 * decision the system does not undo.
 */
export function canMoveAutomatically(current: LeadStatus, target: LeadStatus): boolean {
  if (current === 'lost' || target === 'lost') return false;
  return PIPELINE_ORDER.indexOf(target) > PIPELINE_ORDER.indexOf(current);
}

/** The statuses from which the system may move a lead to `target`. */
export function statusesMovableTo(target: LeadStatus): LeadStatus[] {
  return PIPELINE_ORDER.filter((status) => canMoveAutomatically(status, target));
}

export type LeadPipelineState = { status: LeadStatus; lostReason: string | null };

/**
 * The lead's status after a person's change: a lost lead keeps a reason, any other status has
 * none. A reason alone changes the reason of a lead that is already lost. An error message when
 * the change cannot apply.
 */
export function applyStatusChange(
  current: LeadPipelineState,
  change: UpdateLeadRequest,
): { next: LeadPipelineState } | { error: string } {
  const status = change.status ?? current.status;
  if (status !== 'lost') {
    if (change.lostReason !== undefined) return { error: 'Only a lost lead has a lost reason.' };
    return { next: { status, lostReason: null } };
  }
  const lostReason = change.lostReason ?? (current.status === 'lost' ? current.lostReason : null);
  if (!lostReason) return { error: 'A lost lead needs a reason.' };
  return { next: { status, lostReason } };
}
