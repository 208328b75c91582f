import {
  type DemoFrame,
  demoFrameDuration,
  firstDemoFrame,
  nextDemoFrame,
} from '#web/components/marketing/demo-timeline.ts';
import { type Enhancement, setAttribute, setHidden, showPlayPauseFace } from './enhancement.ts';
import { playDemo } from './play-demo.ts';

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
 * (demo-timeline.ts). The visitor can pause, play and switch views (which pauses). Visitors who
 * prefer less motion get the whole conversation, still, until they press play.
 */
export const playHeroDemo: Enhancement = (figure) => {
  const messageCount = figure.querySelectorAll('[data-demo-message]').length;
  const wholeConversation: DemoFrame = { phase: 'chat', visibleMessages: messageCount };
  const viewFrame = (phase: Phase): DemoFrame => (phase === 'dashboard' ? { phase } : wholeConversation);
  return playDemo<DemoFrame>(figure, {
    first: firstDemoFrame,
    still: wholeConversation,
    toggle: 'data-demo-toggle',
    next: (frame) => ({
      frame: nextDemoFrame(frame, messageCount),
      after: demoFrameDuration(frame, messageCount),
    }),
    draw: (frame, { isPaused }) => showDemoFrame(figure, frame, isPaused),
    onButton: (button) =>
      button.dataset.demoView === 'chat' || button.dataset.demoView === 'dashboard'
        ? { frame: viewFrame(button.dataset.demoView), pauses: true }
        : null,
  });
};
