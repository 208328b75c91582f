import {
  ClockIcon,
  InboxIcon,
  LinkIcon,
  ListChecksIcon,
  MessagesSquareIcon,
  PlayCircleIcon,
  TimerIcon,
  UserPlusIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import { Island } from './island.tsx';
import { MarketingSection } from './landing-section.tsx';
import { ProductPicture } from './product-picture.tsx';

const problemFigures = [
  {
    icon: InboxIcon,
    figure: 'Up to 500',
    label: 'enquiries a week',
    detail: 'for an agency with 8–10 listings a week',
  },
  {
    icon: ClockIcon,
    figure: 'About 41 hours',
    label: 'of replying and screening',
    detail: 'at 5 minutes per enquiry, every week',
  },
  {
    icon: TimerIcon,
    figure: '5–10 minutes',
    label: 'saved per tenant',
    detail: 'the AI asks the questions and writes up the answers',
  },
];

export const howItWorksSteps = [
  {
    icon: UserPlusIcon,
    title: 'Sign up and add your properties',
    text: 'Create your account and add your listings: rent, bedrooms, parking and the date each one is free. It takes under 5 minutes.',
  },
  {
    icon: LinkIcon,
    title: 'Generate AI screening agent links',
    text: 'Every property gets its own AI agent link, plus one link for your whole agency. Create as many as you need.',
  },
  {
    icon: MessagesSquareIcon,
    title: 'Share links so the AI qualifies tenants',
    text: 'Put the links in portal auto-replies, adverts and social posts. The AI answers questions and qualifies every enquirer, 24/7.',
  },
  {
    icon: ListChecksIcon,
    title: 'Review qualified leads',
    text: "Each finished chat lands on your dashboard with the tenant's answers and a score out of 10. Book viewings with the top 10 first.",
  },
];

/** The problem and how LetLead solves it (anchor `demo`, where Learn More leads). */
export function DemoSection() {
  return (
    <MarketingSection
      id="demo"
      eyebrow="The problem"
      title="Too many enquiries, not enough hours"
      lede="Every listing brings a flood of messages, and most enquirers are not the right fit. Answering, chasing and screening each one by hand takes your team away from the viewings that let properties."
    >
      <ul className="mt-12 grid gap-4 sm:grid-cols-3">
        {problemFigures.map(({ icon: Icon, figure, label, detail }) => (
          <li key={figure} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <Icon className="size-6 text-primary" aria-hidden="true" />
            <p className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{figure}</p>
            <p className="mt-1 font-medium text-slate-800">{label}</p>
            <p className="mt-1 text-sm text-slate-600">{detail}</p>
          </li>
        ))}
      </ul>

      <div className="mt-20 grid items-center gap-12 lg:grid-cols-[1fr_1.15fr]">
        <div>
          <h3 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">How it works</h3>
          <p className="mt-3 text-slate-600">Four steps from sign-up to a shortlist of qualified tenants.</p>
          <ol className="mt-8 space-y-6">
            {howItWorksSteps.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary text-white shadow-sm">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h4 className="font-semibold text-slate-900">
                    <span className="text-primary">{index + 1}.</span> {title}
                  </h4>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ol>
          <Link
            href="/demovideo"
            className="mt-8 inline-flex items-center gap-2 rounded-md font-semibold text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <PlayCircleIcon className="size-5" aria-hidden="true" />
            Watch Our Demo
          </Link>
        </div>
        <div className="overflow-hidden rounded-2xl border border-slate-200 shadow-xl shadow-slate-900/10">
          {/* An island: on a prerendered page it says so when the picture cannot be loaded. */}
          <Island name="product-picture">
            <ProductPicture />
          </Island>
        </div>
      </div>
    </MarketingSection>
  );
}
