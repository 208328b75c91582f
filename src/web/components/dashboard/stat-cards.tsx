import { Building2Icon, UsersIcon } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { CreditsCard } from './credits-card.tsx';

type StatCardsProps = {
  company: CompanyDto;
  stats: { totalLeads: number; totalProperties: number } | undefined;
};

export function StatCards({ company, stats }: StatCardsProps) {
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      <StatCard
        title="Total Leads"
        value={stats?.totalLeads}
        icon={UsersIcon}
        hint="Finished chats with a score"
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
