import { Link } from 'wouter';
import { enhanceFooter } from '#web/enhancements/section-buttons.ts';
import { useEnhancement } from '#web/lib/use-enhancement.ts';
import { Island } from './island.tsx';
import { Logo } from './logo.tsx';

const footerSections = [
  { id: 'features', label: 'Features' },
  { id: 'demo', label: 'Demo' },
  { id: 'about-us', label: 'About Us' },
  { id: 'contact', label: 'Contact' },
] as const;

/** The other pages, in the columns after Explore; each column's title names its landmark. */
const pageLinkGroups = [
  {
    title: 'Product',
    links: [
      { href: '/pricing', label: 'Pricing' },
      { href: '/demovideo', label: 'Watch Our Demo' },
      { href: '/signup', label: 'Sign Up' },
      { href: '/login', label: 'Sign In' },
    ],
  },
  { title: 'Legal', links: [{ href: '/gdpr', label: 'Privacy policy (GDPR)' }] },
] as const;

// 40 px tall, the size of a fingertip, so the list needs no gaps of its own.
const linkClass =
  'inline-flex min-h-10 items-center rounded-sm text-sm text-slate-300 transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-teal-300 focus-visible:outline-none';

/** The public site's footer: section shortcuts (buttons that scroll, on the landing page), product and legal links. */
export function SiteFooter({ isLanding = false }: { isLanding?: boolean }) {
  return (
    <Island name="site-footer" props={{ isLanding }}>
      <SiteFooterView isLanding={isLanding} />
    </Island>
  );
}

export function SiteFooterView({ isLanding }: { isLanding: boolean }) {
  const ref = useEnhancement<HTMLElement>(enhanceFooter);
  return (
    <footer ref={ref} className="bg-slate-900 text-slate-300">
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
          <ul className="mt-2">
            {footerSections.map((section) => (
              <li key={section.id}>
                {isLanding ? (
                  <button type="button" className={linkClass} data-scroll-to={section.id} disabled>
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

        {pageLinkGroups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-white">{group.title}</h2>
            <ul className="mt-2">
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link className={linkClass} href={link.href}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:justify-between sm:px-6">
          <p>
            © <span data-current-year>{new Date().getFullYear()}</span> LetLead. All rights reserved.
          </p>
          <p>Made for UK letting agents. Data stored securely under UK GDPR.</p>
        </div>
      </div>
    </footer>
  );
}
