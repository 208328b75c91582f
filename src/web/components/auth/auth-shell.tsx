import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LogoLink } from '#web/components/logo-link.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * The frame of the sign-up, login and password pages: the logo home, one helpful link on the
 * right ("Already have an account? Sign in"), the page, and a quiet footer.
 */
export function AuthShell({
  children,
  headerAction,
  width = 'narrow',
}: {
  children: ReactNode;
  headerAction?: ReactNode;
  width?: 'narrow' | 'wide';
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-border bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <LogoLink to="home" />
          {/* On a phone the link stands alone, so it gets a whole finger's height. */}
          {headerAction ? (
            <div className="text-sm text-muted-foreground [&_a]:inline-flex [&_a]:min-h-10 [&_a]:items-center">
              {headerAction}
            </div>
          ) : null}
        </div>
      </header>
      <main
        className={cn(
          'mx-auto w-full flex-1 px-4 py-8 sm:px-6 sm:py-12',
          width === 'narrow' ? 'max-w-md' : 'max-w-6xl',
        )}
      >
        {children}
      </main>
      <footer className="border-t border-border bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm text-muted-foreground sm:px-6">
          <p>© {new Date().getFullYear()} LetLead · AI tenant screening for UK letting agents</p>
          <Link
            href="/gdpr"
            className="inline-flex min-h-10 items-center underline-offset-4 hover:text-foreground hover:underline"
          >
            Privacy policy
          </Link>
        </div>
      </footer>
    </div>
  );
}

/** The page's heading and one line under it. */
export function AuthHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-6 space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{title}</h1>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
    </div>
  );
}

/** The white panel a narrow form sits in. */
export function AuthPanel({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('rounded-xl border border-border bg-white p-6 shadow-sm sm:p-8', className)}>
      {children}
    </div>
  );
}
