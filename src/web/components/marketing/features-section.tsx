import {
  BadgeCheckIcon,
  CheckIcon,
  Clock3Icon,
  GaugeIcon,
  LayoutDashboardIcon,
  LinkIcon,
  ShieldCheckIcon,
  ZapIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { IconTile, MarketingSection } from './landing-section.tsx';

const features = [
  {
    icon: Clock3Icon,
    title: 'Answers 24/7',
    text: 'Tenants get an instant, friendly reply at 10pm on a Sunday, and their questions about the property are answered from your own listing details.',
  },
  {
    icon: GaugeIcon,
    title: 'Every lead scored out of 10',
    text: 'Affordability, move-in date, household size, occupation, contact details and viewing availability, scored by clear rules you can see on every lead.',
  },
  {
    icon: LinkIcon,
    title: 'Unlimited AI agents',
    text: 'Create an AI agent for each property, plus one agency-wide link that asks which property the tenant wants.',
  },
  {
    icon: ZapIcon,
    title: 'Set up in under 5 minutes',
    text: 'Add a property, copy its link and paste it into your portal auto-replies. No integration project, no training.',
  },
  {
    icon: LayoutDashboardIcon,
    title: 'One smart dashboard',
    text: 'Search, sort and export every lead, read the full conversation, and get an email the moment a new lead arrives.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Secure and fair',
    text: 'Data is stored securely with access limited to authorised staff. The AI never asks about children, benefits or protected characteristics.',
  },
];

const agentBenefits = [
  'Stop answering the same questions by hand: the AI does it 24/7',
  'Save 5–10 minutes on every tenant enquiry',
  'Focus viewings on the top 10 applicants, ranked by score',
  'Consistent, explainable screening for every enquirer',
  'Leads arrive with answers, a transcript and contact details',
  'Unlimited AI agents for all your properties, live in under 5 minutes',
];

const tenantBenefits = [
  'An instant answer at any hour, instead of waiting days for a reply',
  'No account or app needed: just open the link and chat',
  'Questions about the property answered straight away',
  'A quicker route to booking a viewing',
  'Treated fairly: never asked about children, benefits or protected characteristics',
  'Their details go only to the agency they enquired with',
];

function BenefitList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BadgeCheckIcon className="size-5 text-primary" aria-hidden="true" />
        {title}
      </h3>
      <ul className="mt-5 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-slate-700">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FeaturesSection() {
  return (
    <MarketingSection
      id="features"
      eyebrow="Features"
      title="Everything you need to qualify tenants on autopilot"
      lede="LetLead does the first conversation for you, so your team only talks to tenants who can afford the rent, want to move when the property is free and are ready to view."
      className="bg-slate-50"
    >
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <IconTile icon={icon} />
            <h3 className="mt-5 font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
          </li>
        ))}
      </ul>

      <h3 className="mt-20 text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Better for agents, better for tenants
      </h3>
      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <BenefitList title="For property managers and estate agents" items={agentBenefits} />
        <BenefitList title="For tenants" items={tenantBenefits} />
      </div>

      <div className="mt-12 text-center">
        <Button asChild size="lg">
          <Link href="/signup">Get Started</Link>
        </Button>
      </div>
    </MarketingSection>
  );
}
