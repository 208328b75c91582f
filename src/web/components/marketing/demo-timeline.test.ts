import { describe, expect, it } from 'vitest';
import { testReturnsEqual } from '#tests/helpers/tables.ts';
import {
  DEMO_TIMING,
  type DemoFrame,
  demoFrameAt,
  demoFrameDuration,
  firstDemoFrame,
  nextDemoFrame,
} from './demo-timeline.ts';

const MESSAGES = 4;

describe('the demo timeline', () => {
  testReturnsEqual('at %i ms shows %o', (elapsed) => demoFrameAt(elapsed, MESSAGES), [
    [0, { phase: 'chat', visibleMessages: 1 }],
    [1499, { phase: 'chat', visibleMessages: 1 }],
    [1500, { phase: 'chat', visibleMessages: 2 }],
    [3000, { phase: 'chat', visibleMessages: 3 }],
    [4500, { phase: 'chat', visibleMessages: 4 }],
    [5499, { phase: 'chat', visibleMessages: 4 }],
    // The dashboard comes 1 s after the last message.
    [5500, { phase: 'dashboard' }],
    [5500 + DEMO_TIMING.dashboardHoldMs - 1, { phase: 'dashboard' }],
    // Then it starts again.
    [5500 + DEMO_TIMING.dashboardHoldMs, { phase: 'chat', visibleMessages: 1 }],
    [5500 + DEMO_TIMING.dashboardHoldMs + 1500, { phase: 'chat', visibleMessages: 2 }],
  ]);

  it('steps a message every 1.5 s, waits 1 s after the last, then holds the dashboard', () => {
    const durations: number[] = [];
    let frame: DemoFrame = firstDemoFrame;
    do {
      durations.push(demoFrameDuration(frame, MESSAGES));
      frame = nextDemoFrame(frame, MESSAGES);
    } while (frame !== firstDemoFrame);
    expect(durations).toEqual([1500, 1500, 1500, 1000, DEMO_TIMING.dashboardHoldMs]);
  });

  it('goes straight from a one-message chat to the dashboard after 1 s', () => {
    expect(demoFrameDuration(firstDemoFrame, 1)).toBe(1000);
    expect(nextDemoFrame(firstDemoFrame, 1)).toEqual({ phase: 'dashboard' });
  });
});
