import { Link } from 'wouter';
import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="max-w-md text-muted-foreground">
        Sorry, we couldn't find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <Link
        href="/"
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:opacity-90"
      >
        Go back home
      </Link>
    </main>
  );
}
