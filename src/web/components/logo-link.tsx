import { Link } from 'wouter';
import { Logo } from '#web/components/marketing/logo.tsx';
import { cn } from '#web/lib/utils.ts';

/** The logo as the link to the start page: the public home page, or the dashboard when signed in. */
export function LogoLink({ to, className }: { to: 'home' | 'dashboard'; className?: string }) {
  return (
    <Link
      href="/"
      className={cn(
        'rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      <Logo />
      <span className="sr-only"> {to}</span>
    </Link>
  );
}
