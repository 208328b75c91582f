import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/schemas/site.ts';
import { siteTokens } from '#shared/site.ts';

function contactEmailFromPage(): string | undefined {
  const value = document.querySelector('meta[name="letlead:contact-email"]')?.getAttribute('content');
  return value && value !== siteTokens.contactEmail ? value : undefined;
}

/**
 * The public contact email (CONTACT_EMAIL). The server writes it into every page it sends, so it
 * is there from the first render; the prerender leaves a placeholder that the server fills in.
 * Without either (the Vite dev server) it is fetched from /api/public/config.
 */
export function useContactEmail(): string | undefined {
  const isBrowser = typeof document !== 'undefined';
  const fromPage = isBrowser ? contactEmailFromPage() : siteTokens.contactEmail;
  const config = useQuery<PublicConfig>({
    queryKey: ['/api/public/config'],
    enabled: isBrowser && !fromPage,
  });
  return fromPage ?? config.data?.contactEmail;
}
