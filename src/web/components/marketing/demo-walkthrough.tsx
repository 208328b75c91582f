import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { playWalkthrough, WALKTHROUGH_STEP_MS } from '#web/enhancements/walkthrough.ts';
import { useEnhancement } from '#web/lib/use-enhancement.ts';
import { PlayPauseFaces } from './play-pause-faces.tsx';
import { CreateLinkScreen, LeadsScreen, ShareScreen, SignUpScreen } from './walkthrough-screens.tsx';

/** The demo page's four steps (sign up, create a link, share with tenants, AI creates leads). */
export const walkthroughSteps = [
  {
    title: 'Sign up',
    caption:
      'Create your account with your company details and choose a plan. The free plan includes 30 enquiry credits a month, with no card needed.',
    Screen: SignUpScreen,
  },
  {
    title: 'Create a link',
    caption:
      'Add a property and LetLead generates its own AI agent link. Copy it with one click, or use your agency-wide link.',
    Screen: CreateLinkScreen,
  },
  {
    title: 'Share with tenants',
    caption:
      'Paste the link into portal auto-replies, adverts and social posts. Tenants chat with your AI assistant on any device, 24/7.',
    Screen: ShareScreen,
  },
  {
    title: 'AI creates leads',
    caption:
      "Every finished chat becomes a lead with the tenant's answers and a score out of 10, and you get an email. Book viewings with the best first.",
    Screen: LeadsScreen,
  },
];

/**
 * A captioned walkthrough of the product, played like a short video: each step for a few seconds,
 * with play/pause, previous/next and the steps themselves as controls. It does not play on its own
 * for visitors who prefer less motion. Every step is in the markup, the first one showing; the
 * enhancement (src/web/enhancements/walkthrough.ts) plays it, here and on the prerendered page.
 */
export function DemoWalkthrough() {
  const ref = useEnhancement<HTMLElement>(playWalkthrough);
  return (
    <section
      ref={ref}
      aria-roledescription="carousel"
      aria-label="Product walkthrough"
      className="mx-auto max-w-4xl"
    >
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-900 shadow-2xl shadow-slate-900/20">
        <div
          className="relative aspect-[4/5] bg-gradient-to-br from-teal-50 via-white to-sky-50 p-4 sm:aspect-[16/10] sm:p-8"
          aria-hidden="true"
        >
          {walkthroughSteps.map((step, index) => (
            <div
              key={step.title}
              data-walkthrough-screen
              hidden={index !== 0}
              className="h-full motion-safe:animate-fade-in-up"
            >
              <step.Screen />
            </div>
          ))}
        </div>
        <div className="h-1 bg-slate-700">
          <div
            data-walkthrough-progress
            className="h-full w-0 bg-teal-400 motion-safe:animate-walkthrough-progress data-paused:w-full data-paused:animate-none"
            style={{ animationDuration: `${WALKTHROUGH_STEP_MS}ms` }}
          />
        </div>
        <div className="flex flex-col gap-4 p-4 text-white sm:flex-row sm:items-center sm:p-5">
          <div className="min-h-[7.25rem] flex-1 sm:min-h-[4.5rem]" aria-live="off" aria-atomic="true">
            {walkthroughSteps.map((step, index) => (
              <div key={step.title} data-walkthrough-caption hidden={index !== 0}>
                <p className="text-sm font-semibold text-teal-300">
                  Step {index + 1} of {walkthroughSteps.length}: {step.title}
                </p>
                <p className="mt-1 text-sm leading-relaxed text-slate-200">{step.caption}</p>
              </div>
            ))}
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <ControlButton data={{ 'data-walkthrough-go': '-1' }}>
              <ChevronLeftIcon className="size-5" aria-hidden="true" />
              <span className="sr-only">Previous step</span>
            </ControlButton>
            <ControlButton data={{ 'data-walkthrough-toggle': '' }}>
              <PlayPauseFaces what="the walkthrough" iconClassName="size-5" />
            </ControlButton>
            <ControlButton data={{ 'data-walkthrough-go': '1' }}>
              <ChevronRightIcon className="size-5" aria-hidden="true" />
              <span className="sr-only">Next step</span>
            </ControlButton>
          </div>
        </div>
      </div>
      <ol className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {walkthroughSteps.map((item, index) => (
          <li key={item.title}>
            <button
              type="button"
              data-walkthrough-step={index}
              aria-current={index === 0 ? 'step' : undefined}
              disabled
              className="w-full rounded-lg border border-slate-200 px-3 py-2 text-left text-sm font-medium text-slate-700 transition-colors hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-[current=step]:border-primary aria-[current=step]:bg-accent aria-[current=step]:text-teal-900 aria-[current=step]:hover:bg-accent"
            >
              <span className="text-primary">{index + 1}.</span> {item.title}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A round control, disabled until the enhancement runs. */
function ControlButton({ data, children }: { data: Record<`data-${string}`, string>; children: ReactNode }) {
  return (
    <button
      type="button"
      disabled
      {...data}
      className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-teal-300 focus-visible:outline-none"
    >
      {children}
    </button>
  );
}
