import { Bot, CircleHelp, UserRound } from 'lucide-react';

/**
 * The chat's header: who the tenant is talking to (the AI assistant, or the person of the agency
 * who has taken the chat over), and a way to the FAQ.
 */
export function ChatHeader({
  companyName,
  takenOverBy = null,
}: {
  companyName: string | null;
  /** The first name of the person of the agency who has the chat, while they have it. */
  takenOverBy?: string | null;
}) {
  const Icon = takenOverBy ? UserRound : Bot;
  return (
    <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-3 py-3 sm:px-4">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground"
        >
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          {/* Two lines on a phone before it is cut: "Oakfield Lettings & Sales" did not fit on one. */}
          <h1 className="line-clamp-2 break-words text-base font-semibold leading-tight sm:text-lg">
            {companyName ?? (
              <span className="inline-block h-5 w-40 animate-pulse rounded bg-muted align-middle" />
            )}
          </h1>
          <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
            <span className="truncate">
              {takenOverBy ? (
                <>
                  {takenOverBy}
                  {/* The agency's name is the heading above: on a phone, said only to screen readers. */}
                  <span className="sr-only sm:not-sr-only"> from {companyName ?? 'the agency'}</span>
                </>
              ) : (
                'AI Assistant'
              )}
            </span>
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-600" />
              Online
            </span>
          </p>
        </div>
        {/* In a tab of its own: in the website widget's frame the site's page cannot show, and the
            tenant would lose the chat; on the chat's own page it stays where it was. */}
        <a
          href="/#faq"
          target="_blank"
          rel="noopener"
          className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md border border-input px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <CircleHelp aria-hidden="true" className="size-4" />
          FAQ<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </header>
  );
}
