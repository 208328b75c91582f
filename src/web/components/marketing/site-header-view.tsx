import { MenuIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { AuthUser } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { enhanceMenu } from '#web/enhancements/menu.ts';
import { useEnhancement } from '#web/lib/use-enhancement.ts';
import { Logo } from './logo.tsx';

export const navSections = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'about-us', label: 'About Us' },
  { id: 'contact', label: 'Contact' },
] as const;

/** The landing page's sections, as the wide header's bar and the narrow one's menu link to them. */
function SectionLinks({ isLanding, className }: { isLanding: boolean; className: string }) {
  return navSections.map((section) => (
    <a key={section.id} href={isLanding ? `#${section.id}` : `/#${section.id}`} className={className}>
      {section.label}
    </a>
  ));
}

/** The header itself, for the visitor given (a prerendered page's island has none). */
export function SiteHeaderView({ isLanding, user }: { isLanding: boolean; user: AuthUser | null }) {
  const ref = useEnhancement<HTMLElement>(enhanceMenu);
  const menuId = useId();

  const account = (
    <Button asChild size="sm">
      {user ? <Link href="/">Dashboard</Link> : <Link href="/login">Sign In</Link>}
    </Button>
  );

  return (
    <header
      ref={ref}
      className="sticky top-0 z-40 border-b border-border/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          href="/"
          className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Logo />
          <span className="sr-only"> home</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <SectionLinks
            isLanding={isLanding}
            className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
        </nav>

        <div className="hidden items-center gap-2 md:flex">{account}</div>

        {/* Its icon and label follow aria-expanded, which the enhancement (menu.ts) sets. */}
        <Button
          variant="ghost"
          size="icon"
          className="group disabled:opacity-100 md:hidden"
          data-menu-toggle
          disabled
          aria-expanded={false}
          aria-controls={menuId}
        >
          <MenuIcon className="size-6 group-aria-expanded:hidden" aria-hidden="true" />
          <XIcon className="hidden size-6 group-aria-expanded:block" aria-hidden="true" />
          <span className="sr-only group-aria-expanded:hidden">Open menu</span>
          <span className="sr-only hidden group-aria-expanded:inline">Close menu</span>
        </Button>
      </div>

      <div id={menuId} hidden className="border-t border-border bg-white md:hidden">
        <nav aria-label="Menu" className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          <SectionLinks
            isLanding={isLanding}
            className="rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
          <div className="mt-2 grid grid-cols-2 gap-2 border-t border-border pt-3">
            {user ? (
              <Button asChild className="col-span-2">
                <Link href="/">Dashboard</Link>
              </Button>
            ) : (
              <>
                <Button asChild variant="outline">
                  <Link href="/login">Sign In</Link>
                </Button>
                <Button asChild>
                  <Link href="/signup">Sign Up Now</Link>
                </Button>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
