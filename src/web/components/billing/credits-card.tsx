import { AlertTriangleIcon } from 'lucide-react';
import { Link } from 'wouter';
import { type CreditsInput, summariseCredits } from '#shared/credits.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { cn } from '#web/lib/utils.ts';

const statusVariant = { ok: 'success', low: 'warning', critical: 'danger' } as const;

/** Plan, credits left of the allowance, when they reset, and the low/critical warnings. */
export function CreditsCard({ company, className }: { company: CreditsInput; className?: string }) {
  const credits = summariseCredits(company);
  return (
    <Card className={cn('gap-3 py-5', className)}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
          Credits
        </CardTitle>
        <Badge variant="secondary">{credits.planName} plan</Badge>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>
            <span className="text-3xl font-semibold tabular-nums">
              {credits.remaining.toLocaleString('en-GB')}
            </span>
            <span className="text-sm text-muted-foreground">
              {' '}
              of {credits.total.toLocaleString('en-GB')} remaining
            </span>
          </p>
          <Badge variant={statusVariant[credits.level]}>
            <span className="sr-only">Status: </span>
            {credits.status}
          </Badge>
        </div>
        <Progress
          aria-label="Credits remaining"
          value={credits.remaining}
          max={Math.max(credits.total, 1)}
          indicatorClassName={cn(
            credits.level === 'low' && 'bg-amber-500',
            credits.level === 'critical' && 'bg-destructive',
          )}
        />
        <p className="text-sm text-muted-foreground">{credits.resetText}</p>
        {credits.warning ? (
          <div
            className={cn(
              'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
              credits.level === 'critical'
                ? 'border-red-200 bg-red-50 text-red-800'
                : 'border-amber-200 bg-amber-50 text-amber-900',
            )}
          >
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>
              <span className="font-medium">{credits.warning}</span>{' '}
              <Link href="/pricing" className="underline underline-offset-4">
                Upgrade plan
              </Link>
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
