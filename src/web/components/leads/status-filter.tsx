import { Select, SelectItem, SelectOptions, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from './lead-status.tsx';

export type StatusFilterValue = LeadStatus | 'all';

type StatusFilterProps = {
  value: StatusFilterValue;
  /** Every lead's status counted, whatever the search: how big each stage of the pipeline is. */
  counts: Record<LeadStatus, number>;
  onChange: (value: StatusFilterValue) => void;
};

/** The table's status filter, with how many leads each status has. */
export function StatusFilter({ value, counts, onChange }: StatusFilterProps) {
  const total = LEAD_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return (
    <Select value={value} onValueChange={(next) => onChange(next as StatusFilterValue)}>
      <SelectTrigger aria-label="Filter by status" className="w-auto min-w-44">
        <SelectValue />
      </SelectTrigger>
      <SelectOptions
        options={LEAD_STATUSES.map((status) => ({
          value: status,
          label: (
            <>
              {LEAD_STATUS_LABELS[status]} ({counts[status].toLocaleString('en-GB')})
            </>
          ),
        }))}
      >
        <SelectItem value="all">All statuses ({total.toLocaleString('en-GB')})</SelectItem>
      </SelectOptions>
    </Select>
  );
}
