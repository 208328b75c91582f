import { MapPin, SendHorizontal } from 'lucide-react';
import { useRef } from 'react';
import { SUMMARY_CONFIRM_REPLY } from '#shared/chat-rules.ts';
import type { PublicCompany } from '#shared/schemas/chat.ts';
import { ChatHeader } from '#web/components/chat/chat-header.tsx';
import { MessageComposer } from '#web/components/chat/message-composer.tsx';
import { MessageList } from '#web/components/chat/message-list.tsx';
import { QuickReplies } from '#web/components/chat/quick-replies.tsx';
import { ThankYouNote } from '#web/components/chat/thank-you-note.tsx';
import { useChat } from '#web/components/chat/use-chat.ts';
import { useFitVisualViewport } from '#web/components/chat/use-fit-visual-viewport.ts';
import { useStickToBottom } from '#web/components/chat/use-stick-to-bottom.ts';
import { ListingPhotos } from '#web/components/properties/listing-photos.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useFetch } from '#web/lib/use-fetch.ts';
import { useNoIndex, usePageTitle } from '#web/lib/use-page-title.ts';
import { chatPageMeta, propertyFacts } from './chat-page-meta.ts';

function CompanyNotFound() {
  usePageTitle('Company Not Found');
  useNoIndex();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Company Not Found</h1>
      <p className="max-w-sm text-muted-foreground">The requested chatbot could not be found.</p>
      <a
        href="/"
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        Go to the homepage
      </a>
    </main>
  );
}

function PropertySummary({ property }: { property: NonNullable<PublicCompany['property']> }) {
  const facts = propertyFacts(property);
  return (
    <div className="border-b bg-background">
      <div className="mx-auto flex max-w-3xl items-center gap-2 px-3 py-2 text-sm sm:px-4">
        <ListingPhotos photos={property.photos} propertyName={property.name} />
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {/* On a phone the rent and bedrooms take a line of their own under the name, instead of
            being cut off after it; from sm up all fits on one line. */}
        <span className="min-w-0 sm:truncate">
          <span className="block font-medium sm:inline">{property.name}</span>
          {facts.length > 0 && (
            <span className="block text-muted-foreground sm:inline">
              <span className="hidden sm:inline"> · </span>
              {facts.join(' · ')}
            </span>
          )}
        </span>
      </div>
    </div>
  );
}

/** A link to a listing the agency no longer has: the chat below is the agency's, with the rest. */
function ListingGone({ companyName }: { companyName: string }) {
  // The address itself answers 404 (search engines drop the listing); the agency's link stays.
  useNoIndex();
  return (
    <div className="border-b bg-amber-50 text-amber-950">
      <p className="mx-auto max-w-3xl px-3 py-2 text-sm sm:px-4">
        <span className="font-medium">This listing is no longer available.</span> Ask {companyName} about
        their other homes below.
      </p>
    </div>
  );
}

type ChatPageProps = {
  companySlug: string;
  propertySlug: string | null;
  /** Where the page goes when the agency cannot take a new enquiry. */
  onHoldingPage: () => void;
};

export function ChatPage({ companySlug, propertySlug, onHoldingPage }: ChatPageProps) {
  const companyUrl = `/api/companies/slug/${encodeURIComponent(companySlug)}${
    propertySlug ? `?propertySlug=${encodeURIComponent(propertySlug)}` : ''
  }`;
  const companyQuery = useFetch<PublicCompany>(companyUrl);
  const company = companyQuery.data ?? null;

  const chat = useChat({ companySlug, propertySlug, onHoldingPage });
  const meta = chatPageMeta(company);
  usePageTitle(meta.title, meta.description);
  const pageRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useStickToBottom(scrollRef, contentRef, chat.messages.at(-1)?.sender, chat.messages.length);
  useFitVisualViewport(pageRef);

  const isNotFound =
    chat.status === 'not-found' ||
    (companyQuery.error instanceof ApiError && companyQuery.error.status === 404);
  if (isNotFound) return <CompanyNotFound />;

  const isEnded = chat.status === 'ended';
  const isInputDisabled = chat.status !== 'ready' || chat.isEnding;
  // The summary's own "Yes, that's right" is the one way on: Submit Request would do the same.
  const isConfirmingSummary = chat.quickReplies.includes(SUMMARY_CONFIRM_REPLY);

  return (
    <div ref={pageRef} className="flex h-dvh flex-col bg-slate-50">
      <ChatHeader companyName={company?.name ?? null} takenOverBy={chat.takenOverBy} />
      {company?.property && <PropertySummary property={company.property} />}
      {company?.isListingGone && <ListingGone companyName={company.name} />}

      {/* Focusable, so that the keyboard can scroll back through a long chat. */}
      <main
        ref={scrollRef}
        className="flex-1 overflow-y-auto overscroll-contain focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        <div ref={contentRef} className="mx-auto max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
          <MessageList
            messages={chat.messages}
            isTyping={chat.isTyping && !isEnded && !chat.takenOverBy}
            draft={chat.draft}
            typingName={isEnded ? null : chat.typingName}
          />
          {isEnded && (
            <ThankYouNote
              companyName={company?.name ?? 'The agency'}
              viewing={chat.viewing}
              onNewChat={chat.retry}
            />
          )}
          {chat.status === 'failed' && (
            <div className="mt-6 text-center">
              <p className="text-sm text-muted-foreground">The chat could not be started.</p>
              <button
                type="button"
                onClick={chat.retry}
                className="mt-2 min-h-10 rounded-md border border-input bg-background px-4 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
              >
                Try again
              </button>
            </div>
          )}
        </div>
      </main>

      {/* Hidden, not absent, until the greeting arrives with its suggested replies: the footer
          then appears at its full height instead of growing (and moving) on screen. */}
      <footer
        className={`border-t bg-background pb-[env(safe-area-inset-bottom)] ${chat.status === 'starting' ? 'invisible' : ''}`}
      >
        <div className="mx-auto flex max-w-3xl flex-col gap-2.5 px-3 py-3 sm:px-4">
          {!isEnded && (
            <QuickReplies
              replies={chat.quickReplies}
              isDisabled={isInputDisabled || chat.isTyping}
              onPick={(reply) => void chat.sendMessage(reply)}
            />
          )}
          <MessageComposer
            isDisabled={isInputDisabled}
            isEnded={isEnded}
            isBusy={chat.isTyping}
            onSend={chat.sendMessage}
            onTyping={chat.announceTyping}
          />
          <div className="flex min-h-10 items-center justify-between gap-3">
            <p className="text-xs text-muted-foreground">
              {chat.takenOverBy
                ? `You're chatting with ${chat.takenOverBy} from ${company?.name ?? 'the agency'}. `
                : `Your answers go to ${company?.name ?? 'the agency'}. `}
              {/* What is kept of a tenant's answers, told where they give them. A tab of its own, as
                  the FAQ: the site's pages cannot show in the website widget's frame. Its small words
                  take a 40 px tall tap (the ::after) without spacing out the lines. */}
              <a
                href="/gdpr#tenants"
                target="_blank"
                rel="noopener"
                className="relative rounded-sm font-medium text-foreground underline underline-offset-2 after:absolute after:inset-x-0 after:-inset-y-3 after:content-[''] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                How your data is used<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
            {chat.canSubmit && !isEnded && !isConfirmingSummary && (
              <button
                type="button"
                onClick={() => void chat.submitRequest()}
                className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md bg-secondary px-3 text-sm font-medium text-secondary-foreground hover:bg-secondary/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
              >
                <SendHorizontal aria-hidden="true" className="size-4" />
                Submit Request
              </button>
            )}
          </div>
        </div>
      </footer>
    </div>
  );
}
