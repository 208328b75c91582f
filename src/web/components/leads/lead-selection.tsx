import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { LeadListItemDto } from '#shared/schemas/leads.ts';

type LeadSelection = {
  /** The ticked leads' ids. */
  selected: ReadonlySet<string>;
  /** The ids of the rows shown now (search and status filter applied), for "select all". */
  shownIds: readonly string[];
  toggle: (id: string, isSelected: boolean) => void;
  setAllShown: (isSelected: boolean) => void;
};

const SelectionContext = createContext<LeadSelection>({
  selected: new Set(),
  shownIds: [],
  toggle: () => {},
  setAllShown: () => {},
});
export const LeadSelectionProvider = SelectionContext.Provider;

/**
 * The leads ticked in the table for a bulk status change. A tick on a row that the search or
 * filter then hides is dropped: a bulk change never touches a lead the agent cannot see.
 */
export function useLeadSelection(shown: readonly LeadListItemDto[]): LeadSelection & { clear: () => void } {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const shownIds = useMemo(() => shown.map((lead) => lead.id), [shown]);
  useEffect(() => {
    setSelected((current) => {
      if (current.size === 0) return current;
      const visible = new Set(shownIds);
      const kept = [...current].filter((id) => visible.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [shownIds]);
  const toggle = useCallback((id: string, isSelected: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (isSelected) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setAllShown = useCallback(
    (isSelected: boolean) => setSelected(isSelected ? new Set(shownIds) : new Set()),
    [shownIds],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, shownIds, toggle, setAllShown, clear };
}

const boxClassName = 'size-4 cursor-pointer accent-primary';

/** The heading's box: ticks every row shown, or none; half-ticked when only some are. */
export function SelectAllLeads() {
  const { selected, shownIds, setAllShown } = useContext(SelectionContext);
  const ref = useRef<HTMLInputElement>(null);
  const isAll = shownIds.length > 0 && selected.size === shownIds.length;
  const isSome = selected.size > 0 && !isAll;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = isSome;
  }, [isSome]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={boxClassName}
      checked={isAll}
      disabled={shownIds.length === 0}
      onChange={(event) => setAllShown(event.target.checked)}
      aria-label="Select all leads shown"
    />
  );
}

/** A row's box. Its clicks and keys stay its own: they never open the lead. */
export function SelectLead({ lead }: { lead: LeadListItemDto }) {
  const { selected, toggle } = useContext(SelectionContext);
  return (
    <input
      type="checkbox"
      className={boxClassName}
      checked={selected.has(lead.id)}
      onChange={(event) => toggle(lead.id, event.target.checked)}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      aria-label={`Select ${lead.name || 'unnamed tenant'}`}
    />
  );
}
