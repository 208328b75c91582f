import { ArrowLeftIcon, UserCogIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LogoLink } from '#web/components/logo-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SettingsNav } from './settings-nav.tsx';

/**
 * The header of the account pages: the logo home, back to the dashboard, and My Account (or what
 * the page puts after the dashboard link instead); under them, the settings pages.
 */
export function SettingsHeader({ children, isWide = false }: { children?: ReactNode; isWide?: boolean }) {
  return (
    <header className="border-b border-border bg-background">
      <div
        className={`mx-auto flex ${isWide ? 'max-w-5xl' : 'max-w-4xl'} items-center justify-between gap-2 px-4 py-3 sm:px-6`}
      >
        <LogoLink to="dashboard" />
        <nav aria-label="Account" className="flex items-center gap-2">
          {/* 40 px on a phone, a finger's size. */}
          <Button variant="outline" size="sm" className="h-10 sm:h-9" asChild>
            <Link href="/">
              <ArrowLeftIcon aria-hidden="true" />
              Dashboard
            </Link>
          </Button>
          {children ?? (
            <Button variant="ghost" size="sm" className="h-10 min-w-10 sm:h-9" asChild>
              <Link href="/my-account">
                <UserCogIcon aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">My Account</span>
              </Link>
            </Button>
          )}
        </nav>
      </div>
      <SettingsNav className={`mx-auto ${isWide ? 'max-w-5xl' : 'max-w-4xl'} px-1 sm:px-3`} />
    </header>
  );
}
