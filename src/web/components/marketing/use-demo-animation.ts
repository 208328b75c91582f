import { useEffect, useState } from 'react';
import { type DemoFrame, demoFrameDuration, firstDemoFrame, nextDemoFrame } from './demo-timeline.ts';

/**
 * Plays the demo timeline with timers (so a test clock can drive it). While paused the frame
 * stays put; `show` jumps to a frame (and the timeline carries on from there when playing).
 */
export function useDemoAnimation(messageCount: number, { isPaused }: { isPaused: boolean }) {
  const [frame, setFrame] = useState<DemoFrame>(firstDemoFrame);

  useEffect(() => {
    if (isPaused) return;
    const timer = setTimeout(
      () => setFrame((current) => nextDemoFrame(current, messageCount)),
      demoFrameDuration(frame, messageCount),
    );
    return () => clearTimeout(timer);
  }, [frame, isPaused, messageCount]);

  return { frame, show: setFrame };
}
