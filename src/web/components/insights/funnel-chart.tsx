import { conversationsStarted, FUNNEL_STAGES, type Funnel } from '#shared/schemas/insights.ts';

/** "42%" of the stage before; nothing for the first stage or after an empty one. */
export function stageRate(value: number, previous: number | null): string | null {
  if (previous === null || previous === 0) return null;
  return `${Math.round((value / previous) * 100)}%`;
}

/**
 * The funnel as bars: each stage's count as text, its bar (an SVG rect, hidden from screen
 * readers: the numbers are the text beside it) scaled to the widest stage, and its share of the
 * stage before it ("80%", read out as "80% of chats").
 */
export function FunnelChart({ funnel, title }: { funnel: Funnel; title: string }) {
  const widest = Math.max(1, ...FUNNEL_STAGES.map(({ key }) => funnel[key]));
  return (
    <figure className="grid gap-3" aria-label={title}>
      <figcaption className="sr-only">{title}</figcaption>
      <ol className="grid gap-3">
        {FUNNEL_STAGES.map(({ key, label }, index) => {
          const value = funnel[key];
          const before = index === 0 ? null : FUNNEL_STAGES[index - 1]!;
          // A WhatsApp or SMS thread opens no link: chats are a share of link opens and threads.
          const isAfterThreads = before?.key === 'linkOpens' && funnel.messageThreads > 0;
          const rate = stageRate(
            value,
            before ? (isAfterThreads ? conversationsStarted(funnel) : funnel[before.key]) : null,
          );
          const width = Math.max(value === 0 ? 0 : 1, (value / widest) * 100);
          return (
            <li key={key} className="grid gap-1">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">{label}</span>
                <span className="tabular-nums">
                  <span className="font-semibold">{value.toLocaleString('en-GB')}</span>
                  {rate && before ? (
                    <span className="ml-2 text-muted-foreground">
                      {rate}
                      <span className="sr-only">
                        {' '}
                        of {before.label.toLowerCase()}
                        {isAfterThreads ? ' and threads' : ''}
                      </span>
                    </span>
                  ) : null}
                </span>
              </div>
              <svg
                className="h-3 w-full"
                aria-hidden="true"
                focusable="false"
                preserveAspectRatio="none"
                viewBox="0 0 100 12"
              >
                <rect x="0" y="0" width="100" height="12" rx="2" className="fill-muted" />
                <rect x="0" y="0" width={width} height="12" rx="2" className="fill-primary" />
              </svg>
              {key === 'linkOpens' && funnel.messageThreads > 0 ? (
                <p className="text-sm text-muted-foreground">
                  and {funnel.messageThreads.toLocaleString('en-GB')} WhatsApp and SMS{' '}
                  {funnel.messageThreads === 1 ? 'thread' : 'threads'} (no link opened)
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
