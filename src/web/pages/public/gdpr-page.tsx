import type { ReactNode } from 'react';
import { MarketingLayout } from '#web/components/marketing/marketing-layout.tsx';
import { useContactEmail } from '#web/components/marketing/use-contact-email.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { publicPageMeta } from './page-meta.ts';

const LAST_UPDATED = '22 November 2026';

const sections = [
  { id: 'who-we-are', title: 'Who we are' },
  { id: 'roles', title: 'Controller and processor' },
  { id: 'agents', title: 'What we collect from letting agents' },
  { id: 'tenants', title: 'What we collect from tenants' },
  { id: 'visitors', title: 'Website visitors and analytics' },
  { id: 'lawful-bases', title: 'How we use data and our lawful bases' },
  { id: 'scoring', title: 'Automated scoring and fairness' },
  { id: 'retention', title: 'How long we keep data' },
  { id: 'sharing', title: 'Sub-processors and sharing' },
  { id: 'transfers', title: 'International transfers' },
  { id: 'security', title: 'Security and breach notification' },
  { id: 'cookies', title: 'Cookies and browser storage' },
  { id: 'rights', title: 'Your rights and how to use them' },
  { id: 'children', title: 'Children' },
  { id: 'changes', title: 'Changes to this policy' },
  { id: 'contact-us', title: 'Contact us and complaints' },
] as const;

type SectionId = (typeof sections)[number]['id'];

function PolicySection({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = sections.find((section) => section.id === id)?.title;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/**
 * A table on wider screens; on a phone each row becomes a card with the column names as labels,
 * so that nothing hides off to the side.
 */
function PolicyTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: string[][] }) {
  return (
    <table className="w-full border-separate border-spacing-0 overflow-hidden rounded-xl border border-slate-200 text-left text-sm max-sm:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-50 text-slate-900 max-sm:sr-only">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-4 py-3 font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-sm:block">
        {rows.map((cells) => (
          <tr
            key={cells[0]}
            className="align-top max-sm:block max-sm:px-4 max-sm:py-3 max-sm:not-first:border-t max-sm:not-first:border-slate-200"
          >
            {cells.map((cell, index) => (
              <td
                key={columns[index]}
                data-label={columns[index]}
                className={`border-slate-200 px-4 py-3 sm:[tr:not(:first-child)>&]:border-t max-sm:block max-sm:px-0 max-sm:py-1 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-900 max-sm:before:content-[attr(data-label)] ${index === 0 ? 'font-medium text-slate-900' : ''}`}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EmailLink({ email }: { email: string | undefined }) {
  if (!email) return <>our contact email address</>;
  return (
    <a href={`mailto:${email}`} className="font-medium text-primary underline underline-offset-2">
      {email}
    </a>
  );
}

const lawfulBases: { purpose: string; data: string; basis: string }[] = [
  {
    purpose: 'Creating and running your LetLead account, properties, AI agent links and dashboard',
    data: 'Account, company and property data',
    basis: 'Contract (Article 6(1)(b)): we need it to provide the service you signed up for',
  },
  {
    purpose: 'Taking payment and keeping payment records',
    data: 'Plan, subscription and payment records',
    basis: 'Contract (Article 6(1)(b)) and legal obligation (Article 6(1)(c)) for tax and accounting records',
  },
  {
    purpose: 'Service emails: verifying your email, resetting your password, new-lead notifications',
    data: 'Name and email address',
    basis: 'Contract (Article 6(1)(b))',
  },
  {
    purpose: 'Keeping the service secure: rate limiting, preventing abuse, investigating faults',
    data: 'Technical data such as request paths, times and (briefly, in memory) IP addresses',
    basis: 'Legitimate interests (Article 6(1)(f)) in protecting our customers, tenants and systems',
  },
  {
    purpose: 'Understanding which pages are used and how fast they load',
    data: 'Anonymous, cookieless page views and performance measurements',
    basis: 'Legitimate interests (Article 6(1)(f)) in improving the site; no personal data is involved',
  },
  {
    purpose: "Handling tenants' enquiries for the agency they contacted",
    data: "The tenant's conversation and answers",
    basis:
      "The agency's lawful basis, usually legitimate interests in answering and assessing a rental enquiry and steps taken at the tenant's request before a tenancy (Article 6(1)(b) and (f)). We act on the agency's instructions",
  },
  {
    purpose: 'News and offers by email',
    data: 'Name and email address',
    basis: 'Consent (Article 6(1)(a)), only if you opt in; you can withdraw it at any time',
  },
];

const retention: { data: string; period: string }[] = [
  {
    data: 'Account data (your profile, company, properties and settings)',
    period: 'For as long as your account is open, and up to 12 months after it is closed',
  },
  {
    data: 'Payment records (invoices, plan changes, payment references)',
    period: 'Up to 7 years, as UK tax and company law requires',
  },
  {
    data: 'Tenant enquiries (leads, conversations and scores)',
    period:
      'Up to 12 months from the enquiry, then deleted automatically. Agencies can delete any lead sooner; deleting a lead also deletes its conversation',
  },
  {
    data: 'Unfinished conversations',
    period: 'Ended automatically after 30 minutes without activity, then kept like any other enquiry',
  },
  {
    data: 'Anonymous analytics (page paths, referring sites, load times)',
    period: 'No personal data; kept for as long as it helps us improve the site',
  },
];

const subProcessors: { name: string; purpose: string; data: string }[] = [
  {
    name: 'Cloud hosting and database provider',
    purpose: 'Runs the LetLead application and stores its database and backups',
    data: 'All data held in the service',
  },
  {
    name: 'Email delivery provider',
    purpose: 'Sends account emails and new-lead notifications',
    data: "Recipients' names and email addresses, and the email content",
  },
  {
    name: 'Stripe Payments UK Ltd',
    purpose:
      'Hosted checkout, subscriptions and the billing portal. Card details go straight to Stripe and never reach us',
    data: "The account holder's name, email address and payment details",
  },
  {
    name: 'AI language model provider (only where enabled)',
    purpose:
      "Makes the assistant's replies more fluent. Without it, LetLead's built-in assistant runs entirely on our own servers",
    data: "The messages of a conversation; never an agency's account data",
  },
];

export default function GdprPage() {
  const meta = publicPageMeta['/gdpr'];
  usePageTitle(meta.title, meta.description);
  const contactEmail = useContactEmail();

  return (
    <MarketingLayout>
      <div className="border-b border-slate-200 bg-gradient-to-b from-teal-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Legal</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900">Privacy policy</h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-600">
            How LetLead collects, uses and protects personal data under the UK General Data Protection
            Regulation (UK GDPR), the Data Protection Act 2018 and the Privacy and Electronic Communications
            Regulations (PECR).
          </p>
          <p className="mt-3 text-sm text-slate-600">Last updated: {LAST_UPDATED}</p>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold text-slate-900">Contents</h2>
          {/* Until the contents become a sidebar each link is a 40 px line, a finger's size on a phone. */}
          <ol className="mt-3 text-sm lg:space-y-1.5">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex min-h-10 items-center rounded-sm text-slate-600 hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none lg:inline lg:min-h-0"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="min-w-0 max-w-3xl space-y-12 leading-relaxed text-slate-700">
          <aside aria-label="Summary" className="rounded-2xl border border-teal-200 bg-teal-50/60 p-6">
            <h2 className="text-lg font-semibold text-slate-900">The short version</h2>
            <ul className="mt-3 list-disc space-y-2 pl-5">
              <li>
                Letting agencies control their applicants' data; LetLead processes it for them and for no
                other purpose.
              </li>
              <li>We never sell personal data and never use it for advertising.</li>
              <li>
                Tenant enquiries are deleted after 12 months. Account data goes 12 months after an account
                closes; payment records are kept up to 7 years.
              </li>
              <li>
                Our only cookie is the sign-in session cookie. Our analytics are cookieless and store no IP
                address.
              </li>
              <li>The lead score never looks at children, benefits or any protected characteristic.</li>
            </ul>
          </aside>

          <PolicySection id="who-we-are">
            <p>
              LetLead ("we", "us", "our") provides an online service that lets UK estate agents and property
              managers ("agencies") answer and qualify tenant enquiries with an AI assistant. This policy
              explains what personal data we handle when you use our website, hold a LetLead account, or chat
              with an agency's AI assistant as a prospective tenant.
            </p>
            <p>
              You can reach us about anything in this policy, including our data protection lead, at{' '}
              <EmailLink email={contactEmail} />.
            </p>
          </PolicySection>

          <PolicySection id="roles">
            <p>
              <strong className="text-slate-900">LetLead is the controller</strong> of the personal data of
              the people who hold LetLead accounts (agents and their colleagues), of billing records, and of
              the emails you send us. We decide why and how that data is used.
            </p>
            <p>
              <strong className="text-slate-900">The agency is the controller of tenant data.</strong> When a
              tenant chats with an agency's AI assistant, the agency decides why the enquiry is collected and
              what happens next. LetLead is the agency's <strong className="text-slate-900">processor</strong>
              : we process tenant data only on the agency's documented instructions, under the data processing
              terms that form part of our customer terms (Article 28 UK GDPR), keep it confidential, and
              delete it when the agency deletes it or at the end of the retention period.
            </p>
            <p>
              If you are a tenant, the agency you enquired with is your first point of contact for your data.
              We will help them answer any request you make.
            </p>
          </PolicySection>

          <PolicySection id="agents">
            <p>When you sign up for and use LetLead, we collect:</p>
            <ul className="list-disc space-y-2 pl-5">
              <li>
                <strong className="text-slate-900">Account details:</strong> your first and last name, email
                address and password. Passwords are stored only as a salted hash, never in readable form.
              </li>
              <li>
                <strong className="text-slate-900">Company details:</strong> your company name, contact email
                and phone number, and your plan.
              </li>
              <li>
                <strong className="text-slate-900">Property details</strong> you enter: names, addresses,
                rent, bedrooms, parking, availability dates and landlord details. Please add only the landlord
                details you are entitled to share.
              </li>
              <li>
                <strong className="text-slate-900">Billing details:</strong> your plan, subscription status
                and the references Stripe gives us for your customer record and subscription. We never see or
                store card numbers.
              </li>
              <li>
                <strong className="text-slate-900">Usage:</strong> enquiry credits used and remaining, and
                when you sign in.
              </li>
              <li>
                <strong className="text-slate-900">Correspondence:</strong> emails you send us and our
                replies.
              </li>
            </ul>
          </PolicySection>

          <PolicySection id="tenants">
            <p>
              When you chat with an agency's AI assistant through its link, the assistant asks for, and we
              store for the agency:
            </p>
            <ul className="list-disc space-y-2 pl-5">
              <li>
                which property you are interested in, your preferred move-in date and how many people will
                live there;
              </li>
              <li>your income and your profession or occupation;</li>
              <li>your name, email address, phone number and when you are available for a viewing;</li>
              <li>
                the conversation itself, and the score out of 10 and its breakdown that LetLead works out from
                your answers.
              </li>
            </ul>
            <p>
              You do not need an account. Your browser keeps a random conversation key so that the chat can
              carry on if you reload the page; it identifies the conversation, not you.
            </p>
            <p>
              The assistant never asks about your age, children, pregnancy, nationality, religion, disability,
              benefits or any other protected characteristic. If you mention such things yourself, they stay
              in the conversation as you wrote them but are never used in the score. You can decline any
              question: a refused answer is simply recorded as not given.
            </p>
          </PolicySection>

          <PolicySection id="visitors">
            <p>
              Our website counts page views and measures how quickly pages load, on our own servers, with no
              third-party analytics. For each page view we store only the page's path and the name of the
              website that linked to it (for example, a property portal); for performance we store the
              measurement and the page's path. We store no IP address, no cookie and no identifier, so the
              data cannot be linked to you. If your browser sends a Do Not Track or Global Privacy Control
              signal, we do not count you at all.
            </p>
          </PolicySection>

          <PolicySection id="lawful-bases">
            <p>
              We use personal data only for the purposes below, each with a lawful basis under Article 6 UK
              GDPR.
            </p>
            <PolicyTable
              caption="Purposes, data and lawful bases"
              columns={['Purpose', 'Data', 'Lawful basis']}
              rows={lawfulBases.map((row) => [row.purpose, row.data, row.basis])}
            />
            <p>We do not sell personal data, and we do not use it for advertising or to build profiles.</p>
          </PolicySection>

          <PolicySection id="scoring">
            <p>
              The assistant that answers an enquiry is automated, and says so in its first message; a person
              at the agency reviews every enquiry. Each finished enquiry gets a score out of 10 that helps the
              agency decide whom to invite to a viewing first. The score is calculated by fixed, published
              rules, not by an AI model, from the answers you gave in the chat and the listing's own rent,
              bedrooms and availability date:
            </p>
            <ul className="list-disc space-y-2 pl-5">
              <li>affordability (your annual income against the rent): up to 4 points;</li>
              <li>your move-in date against the date the property is free: up to 2 points;</li>
              <li>
                household size: 1 point when the number of people suits the property (at most two a bedroom,
                and two in a studio or one-bedroom home), the same overcrowding check for every household;
              </li>
              <li>a stated occupation or status, contact details and viewing availability: 1 point each.</li>
            </ul>
            <p>
              Income from any source counts the same, whether wages, benefits, a pension, savings or a
              guarantor. A rent you offer is never counted as income: the advertised rent is the rent, and
              offers above or below it are declined.
            </p>
            <p>
              Since 1 May 2026 the Renters' Rights Act has made it unlawful in England to discriminate against
              renters because they have children or receive benefits, including when they first enquire.
              Receiving benefits and having children never lower a score: children count only as people in the
              household, and nothing else about them, or about age, health, nationality or any other protected
              characteristic, is used.
            </p>
            <p>
              The score supports the agency's decisions; it does not make them. The agency's staff decide whom
              to contact and to whom to offer a tenancy, and LetLead never grants or refuses one.
            </p>
            <p>
              <strong>How to contest a score.</strong> Under UK GDPR (Articles 22A to 22D) you can ask for a
              person to look at your enquiry, give your point of view and challenge the result. Reply to the
              agency or ask in the chat to speak to a person: someone at the agency will review your answers,
              correct any that were recorded wrongly and reconsider your enquiry. You can also email{' '}
              <EmailLink email={contactEmail} /> and we will explain how your score was worked out, part by
              part, and pass your request to the agency.
            </p>
          </PolicySection>

          <PolicySection id="retention">
            <p>We keep personal data only as long as we need it, then delete or anonymise it:</p>
            <PolicyTable
              caption="Retention periods"
              columns={['Data', 'How long we keep it']}
              rows={retention.map((row) => [row.data, row.period])}
            />
            <p>
              Deleted data may remain in encrypted backups for a short time until those backups are replaced
              in the normal cycle; it is not used in the meantime.
            </p>
          </PolicySection>

          <PolicySection id="sharing">
            <p>
              We use a small number of carefully chosen service providers (sub-processors). Each is bound by a
              written contract that requires it to protect the data, use it only to provide its service to us,
              and not use it to train AI models or for its own marketing.
            </p>
            <PolicyTable
              caption="Sub-processors"
              columns={['Provider', 'What it does', 'Data it handles']}
              rows={subProcessors.map((row) => [row.name, row.purpose, row.data])}
            />
            <p>
              Agencies can ask us for the current list of named sub-processors, and we tell them before we add
              or replace one so that they can object. Otherwise we share personal data only when the law
              requires it, for example with a court or the police, and we check that every such request is
              lawful.
            </p>
          </PolicySection>

          <PolicySection id="transfers">
            <p>
              We aim to keep data in the UK. Where a sub-processor handles data outside the UK, we make sure
              it is protected to UK standards: either the country has UK adequacy regulations, or we use the
              ICO's International Data Transfer Agreement or the UK Addendum to the EU standard contractual
              clauses, with extra safeguards where needed.
            </p>
          </PolicySection>

          <PolicySection id="security">
            <p>
              Data is stored securely with access limited to authorised staff. All traffic to LetLead is
              encrypted (HTTPS), passwords are hashed, each agency can see only its own properties and leads,
              our staff have only the access their job needs, and the service is monitored and backed up.
            </p>
            <p>
              If a personal data breach happens, we act at once to contain it. Where it is likely to put
              people's rights at risk we notify the Information Commissioner's Office{' '}
              <strong className="text-slate-900">within 72 hours</strong> of becoming aware of it. We tell
              affected agencies without undue delay, so that they can meet their own duties, and we tell
              affected people directly when the risk to them is high.
            </p>
          </PolicySection>

          <PolicySection id="cookies">
            <p>
              We use one cookie, and only for agents who sign in: a strictly necessary session cookie that
              keeps you signed in. It cannot be read by scripts on the page and expires after 14 days, or when
              you log out. We use no advertising, tracking or analytics cookies, so we do not need to ask for
              cookie consent.
            </p>
            <p>
              On a tenant's device, the chat keeps its random conversation key in the browser's storage so a
              reloaded page can resume the conversation. This is strictly necessary for the chat you asked
              for.
            </p>
          </PolicySection>

          <PolicySection id="rights">
            <p>Under UK GDPR you have the right to:</p>
            <ul className="list-disc space-y-2 pl-5">
              <li>
                <strong className="text-slate-900">access</strong> the personal data we hold about you and get
                a copy;
              </li>
              <li>
                have inaccurate data <strong className="text-slate-900">corrected</strong> and incomplete data
                completed;
              </li>
              <li>
                have your data <strong className="text-slate-900">erased</strong> when we no longer have a
                reason to keep it;
              </li>
              <li>
                <strong className="text-slate-900">restrict</strong> how we use your data while a concern is
                looked at;
              </li>
              <li>
                <strong className="text-slate-900">object</strong> to uses based on legitimate interests;
              </li>
              <li>
                receive your data in a portable format (
                <strong className="text-slate-900">data portability</strong>);
              </li>
              <li>
                not be subject to a decision based solely on automated processing that significantly affects
                you, and to ask for a person to review it;
              </li>
              <li>withdraw consent at any time, where we rely on consent.</li>
            </ul>
            <h3 className="pt-2 text-lg font-semibold text-slate-900">How to exercise your rights</h3>
            <ul className="list-disc space-y-2 pl-5">
              <li>
                <strong className="text-slate-900">Agents:</strong> update your details on the My Account
                page, export your leads as CSV from the dashboard, or email <EmailLink email={contactEmail} />{' '}
                from the address on your account.
              </li>
              <li>
                <strong className="text-slate-900">Tenants:</strong> contact the agency you enquired with, as
                it controls your data. You can also email <EmailLink email={contactEmail} /> with the agency's
                name and the email address or phone number you gave, and we will pass your request to the
                agency and help it respond.
              </li>
            </ul>
            <p>
              We reply within one month, or tell you within that month if a complex request needs up to two
              more months. There is normally no charge. We may ask for information to confirm your identity
              before we act, so that we never give your data to someone else.
            </p>
          </PolicySection>

          <PolicySection id="children">
            <p>
              LetLead is a service for businesses and for adults looking to rent a home. It is not meant for
              anyone under 18, and we do not knowingly collect children's data.
            </p>
          </PolicySection>

          <PolicySection id="changes">
            <p>
              We will update this policy when our service or the law changes, and show the date of the latest
              version at the top. If a change matters to how we use your data, we will email account holders
              before it takes effect.
            </p>
          </PolicySection>

          <PolicySection id="contact-us">
            <p>
              Questions, requests or concerns about privacy: email <EmailLink email={contactEmail} />. We
              would like the chance to put things right, but you can complain to the Information
              Commissioner's Office (ICO), the UK regulator for data protection, at any time:{' '}
              <a
                href="https://ico.org.uk/make-a-complaint/"
                className="font-medium text-primary underline underline-offset-2"
                rel="noopener"
              >
                ico.org.uk/make-a-complaint
              </a>{' '}
              or 0303 123 1113.
            </p>
          </PolicySection>
        </article>
      </div>
    </MarketingLayout>
  );
}
