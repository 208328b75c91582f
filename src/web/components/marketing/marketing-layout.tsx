import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * The header, a main landmark and the footer of the public pages; on the landing page
 * (`isLanding`) their section links scroll within the page.
 */
export function MarketingLayout({
  isLanding = false,
  children,
}: {
  isLanding?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader isLanding={isLanding} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter isLanding={isLanding} />
    </div>
  );
}
