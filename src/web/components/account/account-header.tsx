import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LogoLink } from '#web/components/logo-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * The top bar of the pages beside the dashboard (My Account, Integrations): the logo and a way
 * back to the dashboard, then the page's own links.
 */
export function AccountHeader({ className, children }: { className: string; children: ReactNode }) {
  return (
    <header className="border-b border-border bg-background">
      <div className={cn('mx-auto flex items-center justify-between gap-2 px-4 py-3 sm:px-6', className)}>
        <LogoLink to="dashboard" />
        <nav aria-label="Account" className="flex items-center gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link href="/">
              <ArrowLeftIcon aria-hidden="true" />
              Dashboard
            </Link>
          </Button>
          {children}
        </nav>
      </div>
    </header>
  );
}
