/**
 * The hero demo's timing: a new chat message every 1.5 s, the Qualification
 * Dashboard 1 s after the last message, then back to the start. Pure, so any clock can drive it.
 */
export const DEMO_TIMING = {
  messageStepMs: 1500,
  dashboardDelayMs: 1000,
  /** How long the dashboard stays before the demo starts again (the spec leaves it open). */
  dashboardHoldMs: 6000,
} as const;

export type DemoFrame = { phase: 'chat'; visibleMessages: number } | { phase: 'dashboard' };

export const firstDemoFrame = { phase: 'chat', visibleMessages: 1 } as const satisfies DemoFrame;

/** How long a frame stays on screen before the next one. */
export function demoFrameDuration(frame: DemoFrame, messageCount: number): number {
  if (frame.phase === 'dashboard') return DEMO_TIMING.dashboardHoldMs;
  return frame.visibleMessages < messageCount ? DEMO_TIMING.messageStepMs : DEMO_TIMING.dashboardDelayMs;
}

export function nextDemoFrame(frame: DemoFrame, messageCount: number): DemoFrame {
  if (frame.phase === 'dashboard') return firstDemoFrame;
  if (frame.visibleMessages < messageCount)
    return { phase: 'chat', visibleMessages: frame.visibleMessages + 1 };
  return { phase: 'dashboard' };
}

/** The frame shown a given time after the demo started (it loops). */
export function demoFrameAt(elapsedMs: number, messageCount: number): DemoFrame {
  const cycleMs =
    (messageCount - 1) * DEMO_TIMING.messageStepMs +
    DEMO_TIMING.dashboardDelayMs +
    DEMO_TIMING.dashboardHoldMs;
  let remaining = ((elapsedMs % cycleMs) + cycleMs) % cycleMs;
  let frame: DemoFrame = firstDemoFrame;
  for (;;) {
    const duration = demoFrameDuration(frame, messageCount);
    if (remaining < duration) return frame;
    remaining -= duration;
    frame = nextDemoFrame(frame, messageCount);
  }
}
