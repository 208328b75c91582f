import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { cn } from '#web/lib/utils.ts';
import { useAutoAdvance } from './use-auto-advance.ts';
import { useIsHydrated } from './use-is-hydrated.ts';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';
import { CreateLinkScreen, LeadsScreen, ShareScreen, SignUpScreen } from './walkthrough-screens.tsx';

export const WALKTHROUGH_STEP_MS = 6000;

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
 * for visitors who prefer less motion.
 */
export function DemoWalkthrough() {
  const prefersReducedMotion = usePrefersReducedMotion();
  const [isPausedByVisitor, setIsPausedByVisitor] = useState<boolean | null>(null);
  const isPaused = isPausedByVisitor ?? prefersReducedMotion;
  const [index, setIndex] = useAutoAdvance(walkthroughSteps.length, WALKTHROUGH_STEP_MS, { isPaused });
  const [hasInteracted, setHasInteracted] = useState(false);
  const step = walkthroughSteps[index];
  const isHydrated = useIsHydrated();

  useEffect(() => {
    if (prefersReducedMotion) setIndex(0);
  }, [prefersReducedMotion, setIndex]);

  const goTo = (next: number) => {
    setHasInteracted(true);
    setIndex((next + walkthroughSteps.length) % walkthroughSteps.length);
  };

  return (
    <section aria-roledescription="carousel" aria-label="Product walkthrough" className="mx-auto max-w-4xl">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-900 shadow-2xl shadow-slate-900/20">
        <div
          className="relative aspect-[4/5] bg-gradient-to-br from-teal-50 via-white to-sky-50 p-4 sm:aspect-[16/10] sm:p-8"
          aria-hidden="true"
        >
          <div key={index} className="h-full motion-safe:animate-fade-in-up">
            <step.Screen />
          </div>
        </div>
        <div className="h-1 bg-slate-700">
          <div
            key={`${index}-${isPaused}`}
            className={cn(
              'h-full bg-teal-400',
              isPaused ? 'w-full' : 'w-0 motion-safe:animate-walkthrough-progress',
            )}
            style={isPaused ? undefined : { animationDuration: `${WALKTHROUGH_STEP_MS}ms` }}
          />
        </div>
        <div className="flex flex-col gap-4 p-4 text-white sm:flex-row sm:items-center sm:p-5">
          <div
            className="min-h-[7.25rem] flex-1 sm:min-h-[4.5rem]"
            aria-live={hasInteracted || isPaused ? 'polite' : 'off'}
            aria-atomic="true"
          >
            <p className="text-sm font-semibold text-teal-300">
              Step {index + 1} of {walkthroughSteps.length}: {step.title}
            </p>
            <p className="mt-1 text-sm leading-relaxed text-slate-200">{step.caption}</p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <ControlButton isDisabled={!isHydrated} label="Previous step" onClick={() => goTo(index - 1)}>
              <ChevronLeftIcon className="size-5" aria-hidden="true" />
            </ControlButton>
            <ControlButton
              isDisabled={!isHydrated}
              label={isPaused ? 'Play the walkthrough' : 'Pause the walkthrough'}
              onClick={() => {
                setHasInteracted(true);
                setIsPausedByVisitor(!isPaused);
              }}
            >
              {isPaused ? (
                <PlayIcon className="size-5" aria-hidden="true" />
              ) : (
                <PauseIcon className="size-5" aria-hidden="true" />
              )}
            </ControlButton>
            <ControlButton isDisabled={!isHydrated} label="Next step" onClick={() => goTo(index + 1)}>
              <ChevronRightIcon className="size-5" aria-hidden="true" />
            </ControlButton>
          </div>
        </div>
      </div>
      <ol className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {walkthroughSteps.map((item, itemIndex) => (
          <li key={item.title}>
            <button
              type="button"
              aria-current={itemIndex === index ? 'step' : undefined}
              disabled={!isHydrated}
              onClick={() => goTo(itemIndex)}
              className={cn(
                'w-full rounded-lg border px-3 py-2 text-left text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                itemIndex === index
                  ? 'border-primary bg-accent text-teal-900'
                  : 'border-slate-200 text-slate-700 hover:bg-slate-50',
              )}
            >
              <span className="text-primary">{itemIndex + 1}.</span> {item.title}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ControlButton({
  label,
  onClick,
  isDisabled,
  children,
}: {
  label: string;
  onClick: () => void;
  isDisabled: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isDisabled}
      className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-teal-300 focus-visible:outline-none"
    >
      {children}
      <span className="sr-only">{label}</span>
    </button>
  );
}
