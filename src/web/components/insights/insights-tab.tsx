import { TZDate } from '@date-fns/tz';
import { useQuery } from '@tanstack/react-query';
import { subDays } from 'date-fns';
import { ChartNoAxesColumnIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDate, formatUkDate, parseUkDate } from '#shared/format.ts';
import {
  conversationsStarted,
  daysInPeriod,
  FUNNEL_STAGES,
  formatDuration,
  type InsightsGroup,
  type InsightsGrouping,
  type InsightsResponse,
  MAX_INSIGHTS_DAYS,
} from '#shared/schemas/insights.ts';
import { LONDON_ZONE, londonDate } from '#shared/viewing-times.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { DateInput } from '#web/components/ui/date-input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { ListPlaceholder, LoadFailed } from '#web/components/ui/list-states.tsx';
import { Select, SelectOptions, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { SideScroll } from '#web/components/ui/side-scroll.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';
import { FunnelChart } from './funnel-chart.tsx';

const PRESETS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom dates' },
] as const;
type Preset = (typeof PRESETS)[number]['value'];

const GROUPINGS: { value: InsightsGrouping; label: string; heading: string }[] = [
  { value: 'property', label: 'Property', heading: 'Property' },
  { value: 'source', label: 'Source', heading: 'Source' },
];

/** The last `days` London days, today included, as yyyy-mm-dd. */
function lastDays(days: number): { from: string; to: string } {
  const today = new TZDate(Date.now(), LONDON_ZONE);
  return { from: londonDate(subDays(today, days - 1)), to: londonDate(today) };
}

/** dd/mm/yyyy → yyyy-mm-dd, or null while it is not a real date. */
function isoFromUk(text: string): string | null {
  const date = parseUkDate(text);
  return date ? date.toISOString().slice(0, 10) : null;
}

/** The custom period's problem in words, or null when it can be read. */
function customPeriodProblem(from: string | null, to: string | null): string | null {
  if (!from || !to) return 'Enter both dates as dd/mm/yyyy.';
  const days = daysInPeriod(from, to);
  if (days < 1) return 'The end date must not be before the start date.';
  if (days > MAX_INSIGHTS_DAYS) return `A period can be at most ${MAX_INSIGHTS_DAYS} days.`;
  return null;
}

/** The Insights tab: where tenants come from and how far they get, over a chosen period. */
export default function InsightsTab({ companyId }: { companyId: string }) {
  const [preset, setPreset] = useState<Preset>('30');
  const [groupBy, setGroupBy] = useState<InsightsGrouping>('property');
  const [customFrom, setCustomFrom] = useState(() =>
    formatUkDate(new Date(`${lastDays(30).from}T00:00:00Z`)),
  );
  const [customTo, setCustomTo] = useState(() => formatUkDate(new Date(`${lastDays(30).to}T00:00:00Z`)));
  const fromId = useId();
  const toId = useId();

  const custom = { from: isoFromUk(customFrom), to: isoFromUk(customTo) };
  const customProblem = preset === 'custom' ? customPeriodProblem(custom.from, custom.to) : null;
  const period =
    preset === 'custom'
      ? customProblem
        ? null
        : { from: custom.from!, to: custom.to! }
      : lastDays(Number(preset));

  const query = useQuery<InsightsResponse>({
    queryKey: queryKeys.insights(companyId, { from: period?.from ?? '', to: period?.to ?? '', groupBy }),
    enabled: period !== null,
  });
  const data = query.data;

  return (
    <section aria-labelledby="insights-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-3 lg:flex lg:items-end lg:justify-between">
        <div>
          <h2 id="insights-heading" className="text-lg font-semibold">
            Insights
          </h2>
          <p className="text-sm text-muted-foreground">
            Where your tenants come from and how far they get: link opens, chats, leads, viewings and lets.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor={`${fromId}-period`}>Period</Label>
            <Select value={preset} onValueChange={(value) => setPreset(value as Preset)}>
              <SelectTrigger id={`${fromId}-period`} className="w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectOptions options={PRESETS} />
            </Select>
          </div>
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">Group by</legend>
            <div className="flex">
              {GROUPINGS.map((option, index) => (
                <Button
                  key={option.value}
                  variant={groupBy === option.value ? 'default' : 'outline'}
                  aria-pressed={groupBy === option.value}
                  className={index === 0 ? 'rounded-r-none' : 'rounded-l-none'}
                  onClick={() => setGroupBy(option.value)}
                >
                  {option.label}
                </Button>
              ))}
            </div>
          </fieldset>
        </div>
      </div>

      {preset === 'custom' ? (
        <div className="flex flex-wrap items-start gap-3">
          {[
            { id: fromId, label: 'From', value: customFrom, onChange: setCustomFrom, calendar: 'start' },
            { id: toId, label: 'To', value: customTo, onChange: setCustomTo, calendar: 'end' },
          ].map((field) => (
            <div key={field.id} className="grid gap-1">
              <Label htmlFor={field.id}>{field.label}</Label>
              <DateInput
                id={field.id}
                value={field.value}
                onChange={field.onChange}
                calendarLabel={`Choose the ${field.calendar} date`}
              />
            </div>
          ))}
          {customProblem ? (
            <p role="alert" className="self-end pb-2 text-sm text-destructive">
              {customProblem}
            </p>
          ) : null}
        </div>
      ) : null}

      {query.isError ? (
        <ListPlaceholder>
          <LoadFailed what="insights" onRetry={() => void query.refetch()} />
        </ListPlaceholder>
      ) : period === null ? null : data === undefined ? (
        <Skeleton className="h-72 w-full" />
      ) : conversationsStarted(data.totals) === 0 && data.totals.enquiries === 0 ? (
        <ListPlaceholder>
          <ChartNoAxesColumnIcon aria-hidden="true" className="mx-auto mb-2 size-8" />
          <p className="font-medium text-foreground">Nothing to show for {periodLabel(data)} yet.</p>
          <p>
            Share your chat links in portal auto-replies, adverts and posts (add ?src= to see which brings
            tenants). Each visit, chat, lead, viewing and let shows up here.
          </p>
        </ListPlaceholder>
      ) : (
        <InsightsResult data={data} />
      )}
    </section>
  );
}

function periodLabel(data: { from: string; to: string }): string {
  return `${formatDate(data.from)} – ${formatDate(data.to)}`;
}

function InsightsResult({ data }: { data: InsightsResponse }) {
  const grouping = GROUPINGS.find((option) => option.value === data.groupBy)!;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Funnel</CardTitle>
          <CardDescription>Chats started {periodLabel(data)}, and how far each got since.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FunnelChart funnel={data.totals} title={`Funnel, ${periodLabel(data)}`} />
          <p className="text-sm">
            <span className="font-medium">Median first reply to portal enquiries: </span>
            {data.totals.enquiries === 0
              ? 'no enquiries in this period'
              : `${formatDuration(data.totals.medianFirstReplySeconds)} (${data.totals.enquiries} ${data.totals.enquiries === 1 ? 'enquiry' : 'enquiries'})`}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>By {grouping.label.toLowerCase()}</CardTitle>
          <CardDescription>Most leads first.</CardDescription>
        </CardHeader>
        <CardContent>
          <GroupsTable groups={data.groups} heading={grouping.heading} />
        </CardContent>
      </Card>
    </div>
  );
}

function GroupsTable({ groups, heading }: { groups: InsightsGroup[]; heading: string }) {
  return (
    // On a phone the table scrolls sideways, and says so; its first column stays in view.
    <SideScroll label={`Funnel by ${heading.toLowerCase()}`}>
      <table className="w-full caption-bottom text-sm">
        <TableHeader>
          <TableRow>
            <TableHead className="sticky left-0 z-10 bg-card">{heading}</TableHead>
            {FUNNEL_STAGES.map((stage) => (
              <TableHead key={stage.key} className="text-right">
                {stage.label}
              </TableHead>
            ))}
            <TableHead className="text-right">Confirmed</TableHead>
            <TableHead className="text-right">No-shows</TableHead>
            <TableHead className="text-right">Enquiries</TableHead>
            <TableHead className="text-right">Median first reply</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {groups.map((group) => (
            <TableRow key={group.key ?? 'none'}>
              <TableCell className="sticky left-0 z-10 bg-card font-medium lg:whitespace-nowrap">
                {group.label}
              </TableCell>
              {FUNNEL_STAGES.map((stage) => (
                <TableCell key={stage.key} className="text-right tabular-nums">
                  {group.funnel[stage.key].toLocaleString('en-GB')}
                </TableCell>
              ))}
              <TableCell className="text-right tabular-nums">{group.funnel.viewingsConfirmed}</TableCell>
              <TableCell className="text-right tabular-nums">{group.funnel.viewingsNoShow}</TableCell>
              <TableCell className="text-right tabular-nums">{group.funnel.enquiries}</TableCell>
              <TableCell className="text-right whitespace-nowrap">
                {formatDuration(group.funnel.medianFirstReplySeconds)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </table>
    </SideScroll>
  );
}
