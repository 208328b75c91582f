import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarIcon, CopyIcon, RefreshCwIcon } from 'lucide-react';
import type { CalendarFeed } from '#shared/schemas/viewings.ts';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { copyUrl } from '#web/lib/copy-url.ts';
import { toast, toastError } from '#web/lib/toast.ts';
import { useRole } from '#web/lib/use-role.ts';

/**
 * My Account: the private address of the company's viewings calendar, to subscribe to in Google,
 * Outlook or Apple Calendar, and a button that replaces it (the old address stops working).
 */
export function CalendarFeedSection({ companyId }: { companyId: string }) {
  const { can } = useRole();
  const queryClient = useQueryClient();
  const url = `/api/companies/${companyId}/calendar-feed`;
  const feed = useQuery<CalendarFeed>({ queryKey: [url] });
  const replace = useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('POST', url),
    onSuccess: (next) => {
      queryClient.setQueryData([url], next);
      toast({
        title: 'New calendar address made',
        description: 'Calendars subscribed to the old one stop updating.',
      });
    },
    onError: (error) => toastError('Calendar address not replaced', error),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarIcon className="size-5" aria-hidden /> Viewings calendar
        </CardTitle>
        <CardDescription>
          Subscribe to this private address in Google, Outlook or Apple Calendar to see every booked viewing.
          Anyone with the address can see your viewings: replace it if it has been shared.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-2">
        <Input
          readOnly
          aria-label="Calendar address"
          className="min-w-0 flex-1 font-mono text-xs"
          value={feed.data?.url ?? (feed.isPending ? 'Loading…' : '')}
        />
        <Button
          variant="outline"
          disabled={!feed.data}
          onClick={async () => {
            if (feed.data && (await copyUrl(feed.data.url))) toast({ title: 'Calendar address copied' });
          }}
        >
          <CopyIcon aria-hidden /> Copy
        </Button>
        {/* Replacing it changes the address for the whole team: owners and admins only. */}
        {can('settings') ? (
          <PendingButton
            variant="outline"
            isPending={replace.isPending}
            icon={RefreshCwIcon}
            onClick={() => replace.mutate()}
          >
            Replace address
          </PendingButton>
        ) : null}
      </CardContent>
    </Card>
  );
}
