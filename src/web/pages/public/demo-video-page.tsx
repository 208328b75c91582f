import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'wouter';
import { DemoWalkthrough, walkthroughSteps } from '#web/components/marketing/demo-walkthrough.tsx';
import { Island } from '#web/components/marketing/island.tsx';
import { PageSection } from '#web/components/marketing/landing-section.tsx';
import { MarketingLayout } from '#web/components/marketing/marketing-layout.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { publicPageMeta } from './page-meta.ts';

export default function DemoVideoPage() {
  const meta = publicPageMeta['/demovideo'];
  usePageTitle(meta.title, meta.description);
  return (
    <MarketingLayout>
      <div className="bg-gradient-to-b from-teal-50 via-white to-white">
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-8 text-center sm:px-6">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Demo</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            See how LetLead works
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
            From sign-up to a shortlist of qualified tenants in four steps. Setup takes under 5 minutes, and
            the AI answers your enquiries 24/7 from then on.
          </p>
        </div>
        <div className="px-4 pb-16 sm:px-6">
          <Island name="demo-walkthrough">
            <DemoWalkthrough />
          </Island>
        </div>
      </div>

      <PageSection
        titleId="steps-title"
        title="The four steps"
        className="border-t border-slate-200 bg-slate-50 py-16"
        width="max-w-6xl"
      >
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {walkthroughSteps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-full bg-primary font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.caption}</p>
            </li>
          ))}
        </ol>
        <div className="mt-12 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href="/signup">
              Get Started
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/pricing">See pricing</Link>
          </Button>
        </div>
      </PageSection>
    </MarketingLayout>
  );
}
