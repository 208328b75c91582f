import { CircleAlert, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AuthUser } from '#shared/schemas/auth.ts';
import type { PublicCompanyContact } from '#shared/schemas/chat.ts';
import { PageFallback } from '#web/components/ui/page-fallback.tsx';
import { useFetch } from '#web/lib/use-fetch.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

const primaryLink =
  'inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';
const outlineLink =
  'inline-flex h-10 items-center justify-center rounded-md border border-input bg-background px-4 font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';

const contactLink =
  'flex min-h-10 w-full items-center gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-xl border bg-background p-6 text-center shadow-sm sm:p-8">
        <CircleAlert aria-hidden="true" className="mx-auto size-10 text-amber-600" />
        {children}
      </div>
    </main>
  );
}

/** The agent's view: their company has no credits left, so new chats are paused. */
function CreditsExhausted() {
  usePageTitle('Credits Exhausted');
  return (
    <Shell>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Credits Exhausted</h1>
      <p className="mt-2 text-muted-foreground">
        Your company has used all of this cycle's enquiry credits, so new chats are paused. Chats already
        under way still become leads. Upgrade your plan to take new enquiries now, or wait for your credits to
        reset.
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <a href="/pricing" className={primaryLink}>
          Upgrade Plan
        </a>
        <a href="/" className={outlineLink}>
          Back to Dashboard
        </a>
      </div>
    </Shell>
  );
}

/** The tenant's view: the agency cannot take this enquiry online, with its own contact details. */
function NotTakingEnquiries({ companySlug }: { companySlug: string | null }) {
  usePageTitle('Not taking online enquiries');
  const contact = useFetch<PublicCompanyContact>(
    companySlug ? `/api/companies/slug/${encodeURIComponent(companySlug)}/contact` : null,
  ).data;
  const name = contact?.name ?? 'This agency';
  const hasDetails = Boolean(contact?.email || contact?.phone);
  return (
    <Shell>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Not taking online enquiries right now</h1>
      <p className="mt-2 text-muted-foreground">
        {name} is not taking enquiries through its online assistant at the moment.
        {hasDetails ? ' Please get in touch with them directly:' : ' Please try again later.'}
      </p>
      {hasDetails && (
        <ul className="mt-5 flex flex-col gap-2 text-left">
          {contact?.email && (
            <li>
              <a href={`mailto:${contact.email}`} className={contactLink}>
                <Mail aria-hidden="true" className="size-4 shrink-0 text-primary" />
                <span className="min-w-0 [overflow-wrap:anywhere]">{contact.email}</span>
              </a>
            </li>
          )}
          {contact?.phone && (
            <li>
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className={contactLink}>
                <Phone aria-hidden="true" className="size-4 shrink-0 text-primary" />
                {contact.phone}
              </a>
            </li>
          )}
        </ul>
      )}
    </Shell>
  );
}

type HoldingPageProps = {
  companySlug: string | null;
  /** The server saw no session cookie: the visitor is a tenant, no need to ask who they are. */
  isSignedOut: boolean;
};

export default function HoldingPage({ companySlug, isSignedOut }: HoldingPageProps) {
  // 401 (signed out) leaves `data` empty, like any other failure: the tenant's view is shown.
  const { data: user, error } = useFetch<AuthUser>(isSignedOut ? null : '/api/auth/user');
  const isAsking = !isSignedOut && user === undefined && error === undefined;
  if (isAsking) return <PageFallback />;
  // A signed-in agent who follows their own link here sees their account's side of it.
  if (user?.id && (!companySlug || user.company?.slug === companySlug)) {
    return <CreditsExhausted />;
  }
  return <NotTakingEnquiries companySlug={companySlug} />;
}
