import { ArrowRightIcon, CheckIcon, PlayCircleIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { HeroDemo } from './hero-demo.tsx';
import { Island } from './island.tsx';

const promises = ['Answers tenants 24/7', 'Set up in under 5 minutes', 'Free plan, no card needed'];

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-teal-50 via-white to-white"
    >
      <div
        className="pointer-events-none absolute -top-40 right-[-10rem] size-[36rem] rounded-full bg-teal-200/40 blur-3xl"
        aria-hidden="true"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-teal-200 bg-white px-3 py-1 text-sm font-medium text-teal-800 shadow-sm">
            <span className="size-2 rounded-full bg-primary" aria-hidden="true" />
            Built for UK letting agents
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.5rem] lg:leading-[1.08]"
          >
            AI tenant screening that <span className="text-primary">qualifies every enquiry</span> for you
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            LetLead's AI assistant answers tenant enquiries 24/7, asks your qualifying questions and scores
            every lead out of 10, so you can focus viewings on the top 10 and save 5–10 minutes per tenant.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="shadow-md shadow-teal-900/20">
              <Link href="/signup">
                Sign Up Now
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#demo">
                Learn More<span className="sr-only"> about the problem LetLead solves</span>
              </a>
            </Button>
          </div>
          {/* Each link 40 px tall, the size of a fingertip, though its words are small. */}
          <div className="mt-3 flex flex-wrap items-center gap-x-6 text-sm font-medium">
            <Link
              href="/demovideo"
              className="inline-flex min-h-10 items-center gap-1.5 rounded-sm text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <PlayCircleIcon className="size-4" aria-hidden="true" />
              Watch Our Demo
            </Link>
            <Link
              href="/pricing"
              className="inline-flex min-h-10 items-center rounded-sm text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              See plans and pricing
            </Link>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {promises.map((promise) => (
              <li key={promise} className="flex items-center gap-2">
                <CheckIcon className="size-4 text-primary" aria-hidden="true" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <Island name="hero-demo">
          <HeroDemo />
        </Island>
      </div>
    </section>
  );
}
