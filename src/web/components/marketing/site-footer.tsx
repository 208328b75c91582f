import { Link } from 'wouter';
import { Island } from './island.tsx';
import { Logo } from './logo.tsx';
import { scrollToSection } from './scroll-to-section.ts';
import { useIsHydrated } from './use-is-hydrated.ts';

const footerSections = [
  { id: 'features', label: 'Features' },
  { id: 'demo', label: 'Demo' },
  { id: 'about-us', label: 'About Us' },
  { id: 'contact', label: 'Contact' },
] as const;

const linkClass =
  'rounded-sm text-sm text-slate-300 transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-teal-300 focus-visible:outline-none';

/** The public site's footer: section shortcuts (buttons that scroll, on the landing page), product and legal links. */
export function SiteFooter({ isLanding = false }: { isLanding?: boolean }) {
  return (
    <Island name="site-footer" props={{ isLanding }}>
      <SiteFooterView isLanding={isLanding} />
    </Island>
  );
}

export function SiteFooterView({ isLanding }: { isLanding: boolean }) {
  const isHydrated = useIsHydrated();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="max-w-sm">
          <Logo inverted />
          <p className="mt-4 text-sm leading-relaxed text-slate-300">
            AI tenant screening and lead qualification for UK estate agents and property managers. Every
            enquiry answered 24/7 and scored out of 10.
          </p>
        </div>

        <nav aria-label="On this page">
          <h2 className="text-sm font-semibold text-white">Explore</h2>
          <ul className="mt-4 space-y-3">
            {footerSections.map((section) => (
              <li key={section.id}>
                {isLanding ? (
                  <button
                    type="button"
                    className={linkClass}
                    disabled={!isHydrated}
                    onClick={() => scrollToSection(section.id)}
                  >
                    {section.label}
                  </button>
                ) : (
                  <a className={linkClass} href={`/#${section.id}`}>
                    {section.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Product">
          <h2 className="text-sm font-semibold text-white">Product</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <Link className={linkClass} href="/pricing">
                Pricing
              </Link>
            </li>
            <li>
              <Link className={linkClass} href="/demovideo">
                Watch Our Demo
              </Link>
            </li>
            <li>
              <Link className={linkClass} href="/signup">
                Sign Up
              </Link>
            </li>
            <li>
              <Link className={linkClass} href="/login">
                Sign In
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold text-white">Legal</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <Link className={linkClass} href="/gdpr">
                Privacy policy (GDPR)
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:justify-between sm:px-6">
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> LetLead. All rights reserved.
          </p>
          <p>Made for UK letting agents. Data stored securely under UK GDPR.</p>
        </div>
      </div>
    </footer>
  );
}
