import { useQuery } from '@tanstack/react-query';
import { CopyIcon, InboxIcon } from 'lucide-react';
import { formatUkPhone } from '#shared/format/phone.ts';
import { formatDateTime } from '#shared/format.ts';
import type { EnquiriesResponse, EnquiryDto } from '#shared/schemas/enquiries.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { SideScroll } from '#web/components/ui/side-scroll.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { copyUrl } from '#web/lib/copy-url.ts';

export const enquiriesUrl = (companyId: string) => `/api/companies/${companyId}/enquiries`;

const SOURCE_LABELS: Record<EnquiryDto['source'], string> = {
  rightmove: 'Rightmove',
  zoopla: 'Zoopla',
  onthemarket: 'OnTheMarket',
  email: 'Email',
};

const STATUS: Record<EnquiryDto['status'], { label: string; variant: 'warning' | 'success' | 'secondary' }> =
  {
    invited: { label: 'Invited', variant: 'warning' },
    chatted: { label: 'Chatted', variant: 'success' },
    no_response: { label: 'No response', variant: 'secondary' },
  };

const KIND_LABELS: Record<EnquiriesResponse['otherMessages'][number]['kind'], string> = {
  enquiry: 'Enquiry',
  auto_reply: 'Auto-reply',
  bounce: 'Bounce',
  own_address: 'Our own email',
  unrecognised: 'Not recognised',
};

const PORTAL_STEPS = [
  {
    portal: 'Rightmove',
    steps:
      'In Rightmove Plus, open Settings → Branch details → Lead email addresses, and add this address beside your own for lettings enquiries.',
  },
  {
    portal: 'Zoopla',
    steps:
      'In Zoopla Pro, open Account → Branch settings → Lead notification emails, and add this address for lettings leads.',
  },
  {
    portal: 'OnTheMarket',
    steps:
      'In the OnTheMarket agent portal, open Branch settings → Enquiry email addresses, and add this address for lettings.',
  },
  {
    portal: 'Any other enquiry',
    steps:
      'Forward it to this address, or set a rule in your mailbox that forwards enquiry emails here. Your own copy stays where it is.',
  },
];

/** The Enquiries tab: portal emails as they arrive, the inbound address and the website widget. */
export function EnquiriesTab({ companyId }: { companyId: string }) {
  const query = useQuery<EnquiriesResponse>({ queryKey: [enquiriesUrl(companyId)] });
  const data = query.data;

  return (
    // minmax(0, 1fr): the wide table scrolls in its card instead of widening the page on a phone.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Your inbound address</CardTitle>
            <CardDescription>
              Portal enquiries sent here appear below at once, and each enquirer is invited to chat with your
              assistant. Enquiries cost no credits; a lead from the chat costs one.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {data === undefined ? (
              <Skeleton className="h-9 w-full" />
            ) : data.inboundAddress ? (
              <CopyField label="Inbound address" value={data.inboundAddress} copied="Address" />
            ) : (
              <p className="text-sm text-muted-foreground">
                Receiving portal enquiries by email is not switched on for your agency yet. When it is, your
                own address appears here with the steps to give it to Rightmove, Zoopla and OnTheMarket.
                Meanwhile, the website widget below brings visitors straight to your assistant.
              </p>
            )}
            {data?.inboundAddress ? (
              <ul className="grid gap-2 text-sm">
                {PORTAL_STEPS.map(({ portal, steps }) => (
                  <li key={portal}>
                    <span className="font-medium">{portal}: </span>
                    <span className="text-muted-foreground">{steps}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Website widget</CardTitle>
            <CardDescription>
              Paste this before the closing &lt;/body&gt; tag of your website: visitors get a “Chat with us”
              button that opens your assistant. Add data-property="…" with a property's link name to open that
              property's chat.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {data === undefined ? (
              <Skeleton className="h-9 w-full" />
            ) : (
              <CopyField label="Widget snippet" value={data.widgetSnippet} copied="Snippet" isCode />
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Enquiries</CardTitle>
          <CardDescription>
            Newest first. Each enquirer gets one reply a day per property at most.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {query.isError ? (
            <p className="text-sm text-destructive">
              The enquiries could not be loaded. Please refresh the page.
            </p>
          ) : data === undefined ? (
            <Skeleton className="h-24 w-full" />
          ) : data.enquiries.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
              <InboxIcon aria-hidden="true" className="size-8" />
              <p>
                No enquiries yet. They appear here as soon as a portal email reaches your inbound address.
              </p>
            </div>
          ) : (
            <EnquiriesTable enquiries={data.enquiries} />
          )}
        </CardContent>
      </Card>

      {data && data.otherMessages.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Other mail to your inbound address</CardTitle>
            <CardDescription>
              Auto-replies, bounces and emails that were not recognised as enquiries: never answered.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2">
              {data.otherMessages.map((message) => (
                <li key={message.id} className="rounded-md border p-3 text-sm">
                  <details>
                    <summary className="cursor-pointer">
                      <Badge variant="outline" className="mr-2">
                        {KIND_LABELS[message.kind]}
                      </Badge>
                      {message.subject ?? '(no subject)'} · {message.from ?? 'unknown sender'} ·{' '}
                      {formatDateTime(message.receivedAt)}
                    </summary>
                    <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap text-xs text-muted-foreground">
                      {message.text}
                    </pre>
                  </details>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function EnquiriesTable({ enquiries }: { enquiries: EnquiryDto[] }) {
  return (
    // On a phone the table scrolls sideways, and says so.
    <SideScroll label="Enquiries">
      <table className="w-full caption-bottom text-sm">
        <TableHeader>
          <TableRow>
            <TableHead>Received</TableHead>
            <TableHead>Enquirer</TableHead>
            <TableHead>Source</TableHead>
            <TableHead>Property</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Reply</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {enquiries.map((enquiry) => (
            <TableRow key={enquiry.id}>
              <TableCell className="whitespace-nowrap">{formatDateTime(enquiry.receivedAt)}</TableCell>
              <TableCell>
                <div className="font-medium">{enquiry.name ?? 'Name not given'}</div>
                <div className="text-xs text-muted-foreground">
                  {[enquiry.email, enquiry.phone ? formatUkPhone(enquiry.phone) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
              </TableCell>
              <TableCell>{SOURCE_LABELS[enquiry.source]}</TableCell>
              <TableCell>
                {enquiry.propertyName ?? (
                  <span className="text-muted-foreground">
                    Agency-wide{enquiry.listing.address ? ` (${enquiry.listing.address})` : ''}
                  </span>
                )}
              </TableCell>
              <TableCell>
                <Badge variant={STATUS[enquiry.status].variant}>{STATUS[enquiry.status].label}</Badge>
                {enquiry.leadId ? <div className="mt-1 text-xs text-muted-foreground">Lead made</div> : null}
              </TableCell>
              <TableCell className="text-xs text-muted-foreground">
                {enquiry.repliedAt
                  ? `Invited ${formatDateTime(enquiry.repliedAt)}${enquiry.followedUpAt ? ', followed up' : ''}`
                  : (enquiry.replySkippedReason ?? 'Sending…')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </table>
    </SideScroll>
  );
}

function CopyField({
  label,
  value,
  copied,
  isCode = false,
}: {
  label: string;
  value: string;
  copied: string;
  isCode?: boolean;
}) {
  // Tall enough for all of the value: on a phone the snippet takes five lines, and a box of three
  // cut it off mid-line. Below the box on a phone, so that it gets the card's whole width.
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row">
      <textarea
        readOnly
        aria-label={label}
        value={value}
        rows={isCode ? 3 : 1}
        onFocus={(event) => event.currentTarget.select()}
        className="field-sizing-content w-full min-w-0 flex-1 resize-none rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm break-all"
      />
      <Button
        variant="outline"
        onClick={() => void copyUrl(value)}
        aria-label={`Copy ${copied.toLowerCase()}`}
      >
        <CopyIcon aria-hidden="true" />
        Copy
      </Button>
    </div>
  );
}
