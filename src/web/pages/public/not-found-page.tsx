import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'wouter';
import { LogoLink } from '#web/components/logo-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';

const helpfulLinks = [
  { href: '/pricing', label: 'Pricing', text: 'Plans and enquiry credits' },
  { href: '/demovideo', label: 'Watch Our Demo', text: 'How LetLead works in four steps' },
  { href: '/#contact', label: 'Contact us', text: 'Tell us what you were looking for' },
];

export default function NotFoundPage() {
  usePageTitle('Page not found', 'The page you were looking for could not be found.');
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-teal-50 to-white">
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <LogoLink to="home" className="inline-block" />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-4 pb-16 text-center sm:px-6">
        <p className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-primary shadow-sm ring-1 ring-teal-200">
          404
        </p>
        <h1 className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Page not found</h1>
        <p className="mt-4 max-w-md text-lg text-slate-600">
          Sorry, we couldn't find the page you were looking for. It may have moved, or the link may be
          mistyped.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link href="/">
            <ArrowLeftIcon aria-hidden="true" />
            Go back home
          </Link>
        </Button>
        <ul className="mt-12 grid w-full max-w-2xl gap-3 text-left sm:grid-cols-3">
          {helpfulLinks.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="font-semibold text-slate-900">{link.label}</span>
                <span className="mt-1 block text-sm text-slate-600">{link.text}</span>
              </a>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
