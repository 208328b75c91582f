import {
  type DemoFrame,
  demoFrameDuration,
  firstDemoFrame,
  nextDemoFrame,
} from '#web/components/marketing/demo-timeline.ts';
import {
  type Enhancement,
  enable,
  listen,
  setAttribute,
  setHidden,
  showPlayPauseFace,
} from './enhancement.ts';

type Phase = DemoFrame['phase'];

/**
 * What the hero demo shows in a frame, as its markup (HeroDemo) marks it:
 * - `data-demo-phase` on the figure, and `data-demo-show="chat|dashboard"` on what only one phase shows;
 * - `data-demo-message="ai|tenant"` on each message, the first `visibleMessages` shown;
 * - `data-demo-typing` on the typing dots, shown while the assistant's next message is coming;
 * - `data-play-face="playing|paused"` on the play/pause button's two faces;
 * - `aria-pressed` on the view buttons (`data-demo-view="chat|dashboard"`).
 */
export function showDemoFrame(figure: HTMLElement, frame: DemoFrame, isPaused: boolean) {
  const messages = [...figure.querySelectorAll<HTMLElement>('[data-demo-message]')];
  const visibleMessages = frame.phase === 'chat' ? frame.visibleMessages : messages.length;
  setAttribute(figure, 'data-demo-phase', frame.phase);
  for (const element of figure.querySelectorAll<HTMLElement>('[data-demo-show]')) {
    setHidden(element, element.dataset.demoShow !== frame.phase);
  }
  for (const [index, message] of messages.entries()) setHidden(message, index >= visibleMessages);
  const isTyping =
    !isPaused && frame.phase === 'chat' && messages[visibleMessages]?.dataset.demoMessage === 'ai';
  for (const typing of figure.querySelectorAll<HTMLElement>('[data-demo-typing]'))
    setHidden(typing, !isTyping);
  showPlayPauseFace(figure, isPaused);
  for (const button of figure.querySelectorAll<HTMLElement>('[data-demo-view]')) {
    setAttribute(button, 'aria-pressed', String(button.dataset.demoView === frame.phase));
  }
}

/**
 * Plays the hero demo: a new message every 1.5 s, the dashboard after the last, then again
 * (demo-timeline.ts), with timers so that a test clock can drive it. The visitor can pause, play
 * and switch views (which pauses). Visitors who prefer less motion get the whole conversation,
 * still, until they press play.
 */
export const playHeroDemo: Enhancement = (figure) => {
  const messageCount = figure.querySelectorAll('[data-demo-message]').length;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const wholeConversation: DemoFrame = { phase: 'chat', visibleMessages: messageCount };
  let frame: DemoFrame = reducedMotion.matches ? wholeConversation : firstDemoFrame;
  let isPausedByVisitor: boolean | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const isPaused = () => isPausedByVisitor ?? reducedMotion.matches;
  const show = (next: DemoFrame) => {
    frame = next;
    showDemoFrame(figure, frame, isPaused());
    clearTimeout(timer);
    if (isPaused()) return;
    timer = setTimeout(
      () => show(nextDemoFrame(frame, messageCount)),
      demoFrameDuration(frame, messageCount),
    );
  };
  const showView = (phase: Phase) => {
    isPausedByVisitor = true;
    show(phase === 'dashboard' ? { phase } : wholeConversation);
  };
  const onMotionPreference = () => {
    if (isPausedByVisitor === null) show(reducedMotion.matches ? wholeConversation : frame);
  };

  reducedMotion.addEventListener('change', onMotionPreference);
  const stop = listen(figure, 'click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !figure.contains(button)) return;
    if (button.hasAttribute('data-demo-toggle')) {
      isPausedByVisitor = !isPaused();
      show(frame);
    } else if (button.dataset.demoView === 'chat' || button.dataset.demoView === 'dashboard') {
      showView(button.dataset.demoView);
    }
  });
  show(frame);
  enable(figure.querySelectorAll('button'));
  return () => {
    clearTimeout(timer);
    reducedMotion.removeEventListener('change', onMotionPreference);
    stop();
  };
};
