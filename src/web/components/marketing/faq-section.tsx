import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '#shared/format.ts';
import { plans } from '#shared/plans.ts';
import { FaqAccordion } from './faq-accordion.tsx';
import { Island } from './island.tsx';
import { MarketingSection } from './landing-section.tsx';

const linkClass =
  'rounded-sm font-medium text-primary underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** The spec's seven questions, in its order. */
export const faqs: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'what-is-letlead',
    question: 'What is LetLead?',
    answer: (
      <>
        <p>
          LetLead is an AI tenant-screening and lead-qualification platform for UK estate agents and property
          managers. You add your rental properties and LetLead gives each one its own AI agent link, plus one
          link for your whole agency.
        </p>
        <p>
          Tenants who open a link chat with your AI assistant, with no account or app needed. It answers their
          questions about the property and asks the qualifying questions you would ask. Every finished
          conversation becomes a lead on your dashboard, with the tenant's answers and a score out of 10.
        </p>
      </>
    ),
  },
  {
    id: 'data-security',
    question: 'Is my data secure and compliant with UK GDPR?',
    answer: (
      <>
        <p>
          Yes. Data is stored securely with access limited to authorised staff: each agency sees only its own
          properties and leads. All traffic is encrypted, passwords are never stored in readable form, and
          card payments are handled by our payment provider, so we never see card numbers.
        </p>
        <p>
          Under UK GDPR your agency is the controller of your applicants' data and LetLead is your processor.
          Tenant enquiries are deleted after 12 months, deleting a lead also deletes its conversation, and the
          AI never asks about children, benefits or protected characteristics such as age or nationality. Our{' '}
          <Link href="/gdpr" className={linkClass}>
            privacy policy
          </Link>{' '}
          has the details.
        </p>
      </>
    ),
  },
  {
    id: 'how-qualification-works',
    question: 'How does the AI qualify tenants?',
    answer: (
      <>
        <p>
          The assistant asks, in a natural conversation, which property the tenant is interested in (on your
          agency link), their move-in date, how many people will live there, their income and profession, then
          their name, email, phone number and when they can view. It understands everyday answers such as "2
          of us, both nurses, £58k together" and asks only for what is still missing.
        </p>
        <p>
          The score out of 10 comes from clear rules: affordability (annual income against the rent) up to 4
          points, move-in date against the property's availability up to 2, and 1 point each for a household
          size that suits the property, an occupation, contact details and viewing availability. Every lead
          shows its breakdown.
        </p>
      </>
    ),
  },
  {
    id: 'how-quickly',
    question: 'How quickly can I start using LetLead?',
    answer: (
      <p>
        Setup takes under 5 minutes. Sign up, add a property and copy its AI agent link: it works straight
        away, on any device, with nothing to install. Paste the link into your portal auto-replies, adverts or
        social posts and the AI starts qualifying tenants, 24/7.
      </p>
    ),
  },
  {
    id: 'qualified-leads',
    question: 'What happens to qualified leads?',
    answer: (
      <p>
        Each finished conversation appears on your dashboard as a lead with the property, the tenant's
        answers, their contact details, the full conversation and the score. We email you when a new lead
        arrives. Sort by score to focus viewings on the top 10, search any field, export to CSV, and delete
        leads you no longer need.
      </p>
    ),
  },
  {
    id: 'get-started',
    question: 'How do I get started?',
    answer: (
      <p>
        Press Sign Up Now, enter your company details and choose a plan. The free plan includes{' '}
        {plans.free.credits} enquiry credits a month with no time limit and no card needed; paid plans start
        at {formatMoney(plans.small.price)} a month. Confirm your email address, add your first property and
        share its link.{' '}
        <Link href="/signup" className={linkClass}>
          Sign up now
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'multiple-properties',
    question: 'Can I use LetLead for multiple properties?',
    answer: (
      <p>
        Yes. You can create unlimited AI agents, one for each property, and each knows its own property's
        rent, bedrooms, parking and availability date. Your agency-wide link asks tenants which of your
        properties they are interested in. All leads arrive on one dashboard, labelled with their property.
      </p>
    ),
  },
];

const faqClassName = 'mt-12 rounded-2xl border border-slate-200 bg-white px-5 shadow-sm sm:px-8';

/** Frequently asked questions (anchor `faq`): one answer open at a time. */
export function FaqSection() {
  return (
    <MarketingSection id="faq" eyebrow="FAQ" title="Frequently asked questions" width="max-w-3xl">
      <Island name="faq" props={{ className: faqClassName }}>
        <FaqAccordion items={faqs} className={faqClassName} />
      </Island>
    </MarketingSection>
  );
}
