import { MailIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { LandingSection } from './landing-section.tsx';
import { useContactEmail } from './use-contact-email.ts';

export function ContactSection() {
  const contactEmail = useContactEmail();
  return (
    <LandingSection id="contact" className="bg-white px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-teal-800 to-teal-600 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <div
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10"
          aria-hidden="true"
        />
        <p className="text-sm font-semibold tracking-wide text-teal-100 uppercase">Contact</p>
        <h2 id="contact-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          Questions? We're happy to help
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-teal-50">
          Ask us anything about LetLead, or tell us about your agency and we'll show you how it fits. Or start
          now: setup takes under 5 minutes.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <a
            href={contactEmail ? `mailto:${contactEmail}` : undefined}
            className="inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-lg font-semibold text-white underline decoration-teal-200 underline-offset-4 hover:decoration-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
          >
            <MailIcon className="size-5" aria-hidden="true" />
            <span className="break-all">{contactEmail ?? 'Email us'}</span>
          </a>
          <Button asChild size="lg" className="bg-white text-teal-800 shadow-md hover:bg-teal-50">
            <Link href="/signup">Sign Up Now</Link>
          </Button>
        </div>
      </div>
    </LandingSection>
  );
}
