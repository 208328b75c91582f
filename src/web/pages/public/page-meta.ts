/**
 * Titles and descriptions of the prerendered public pages: the pages set them in the browser
 * (usePageTitle) and the prerender writes them into the static HTML for search engines and link
 * previews.
 */
export type PageMeta = { title: string; description: string };

export const publicPageMeta = {
  '/': {
    title: 'LetLead: AI tenant screening and automated lead qualification for letting agents',
    description:
      "LetLead's AI assistant answers tenant enquiries 24/7, asks your qualifying questions and scores every lead out of 10, so UK letting agents book viewings with the best tenants first. Set up in under 5 minutes.",
  },
  '/pricing': {
    title: 'Pricing',
    description:
      'Simple monthly plans for UK letting agents: start free with 30 enquiry credits a month, or choose 500, 1,500 or 5,000 credits. Every plan includes AI lead scoring, the smart dashboard and unlimited AI agent links.',
  },
  '/demovideo': {
    title: 'Demo: AI tenant screening in four steps',
    description:
      'See LetLead in four steps: sign up, create an AI agent link for a property, share it with tenants, and review the qualified leads the AI creates, each scored out of 10.',
  },
  '/gdpr': {
    title: 'Privacy policy and GDPR',
    description:
      'How LetLead collects, uses and protects the personal data of letting agents and tenants under UK GDPR: roles, lawful bases, retention periods, sub-processors and your rights.',
  },
} satisfies Record<string, PageMeta>;

export type PublicPagePath = keyof typeof publicPageMeta;

/** The sign-up page is prerendered too (for each plan it can open on), with the app's script. */
export const signupPageMeta: PageMeta = {
  title: 'Create your account',
  description:
    'Create your LetLead account: AI tenant screening that qualifies every enquiry for your letting agency.',
};

/** The document title as usePageTitle writes it. */
export function documentTitle(title: string): string {
  return title.includes('LetLead') ? title : `${title} | LetLead`;
}
