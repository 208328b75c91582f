import { Building2Icon, UsersIcon } from 'lucide-react';
import { type ComponentType, type SVGProps, useMemo } from 'react';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import type { LeadDto } from '#shared/schemas/leads.ts';
import { CreditsCard } from '#web/components/billing/credits-card.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

type StatCardsProps = {
  company: CompanyDto;
  stats: { totalLeads: number; totalProperties: number } | undefined;
  leads: LeadDto[] | undefined;
};

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** What an agent checks first: how many came in lately, and how many are worth a viewing. */
function leadHighlights(leads: LeadDto[]): string {
  const since = Date.now() - WEEK_MS;
  let thisWeek = 0;
  let strong = 0;
  for (const lead of leads) {
    if (Date.parse(lead.createdAt) >= since) thisWeek += 1;
    if (Number(lead.rating) >= 8) strong += 1;
  }
  return `${thisWeek.toLocaleString('en-GB')} in the last 7 days · ${strong.toLocaleString('en-GB')} scored 8 or more`;
}

export function StatCards({ company, stats, leads }: StatCardsProps) {
  const highlights = useMemo(() => (leads ? leadHighlights(leads) : null), [leads]);
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      <StatCard
        title="Total Leads"
        value={stats?.totalLeads}
        icon={UsersIcon}
        hint={highlights ?? 'Finished chats with a score'}
      />
      <StatCard
        title="Properties Listed"
        value={stats?.totalProperties}
        icon={Building2Icon}
        hint="Each with its own AI agent link"
      />
      <CreditsCard company={company} className="md:col-span-2 lg:col-span-1" />
    </div>
  );
}

function StatCard({
  title,
  value,
  icon: Icon,
  hint,
}: {
  title: string;
  value: number | undefined;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  hint: string;
}) {
  return (
    <Card className="gap-3 py-5">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="grid gap-1">
        {value === undefined ? (
          <Skeleton className="h-9 w-16" />
        ) : (
          <p className="text-3xl font-semibold tabular-nums">{value.toLocaleString('en-GB')}</p>
        )}
        <p className="text-sm text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}
