import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

/** One section of a settings page: a card with its title, what it is for, then any content. */
export function SettingsCard({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description: ReactNode;
  /** The content's spacing. */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children ? <CardContent className={className}>{children}</CardContent> : null}
    </Card>
  );
}

/**
 * What a settings list's query has: a spinner while it loads, an alert when it failed, `empty`
 * when there is nothing to list, else the list `children` makes of the data.
 */
export function QueryList<T>({
  query,
  loadingLabel,
  subject,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** The spinner's words, e.g. "Loading members". */
  loadingLabel: string;
  /** What could not be loaded, e.g. "the team". */
  subject: string;
  empty?: { when: (data: T) => boolean; text: string };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {`Could not load ${subject}. Reload the page to try again.`}
      </p>
    );
  }
  if (empty?.when(query.data)) return <p className="text-sm text-muted-foreground">{empty.text}</p>;
  return children(query.data);
}
