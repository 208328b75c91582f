import { type RefObject, useEffect, useRef } from 'react';

/** How close to the bottom (px) still counts as reading the newest message. */
const NEAR_BOTTOM_PX = 48;

/**
 * Keeps a scrolling chat log at its newest message while the reader is there: when a message
 * arrives, and when the box shrinks (quick replies or the phone's keyboard appear). A reader who
 * scrolled up to re-read is left where they are, until they send something themselves.
 */
export function useStickToBottom(
  containerRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  lastSender: string | undefined,
  messageCount: number,
) {
  const isStuck = useRef(true);

  useEffect(() => {
    const container = containerRef.current;
    const content = contentRef.current;
    if (!container || !content) return;
    const scrollToBottom = () => {
      if (isStuck.current) container.scrollTop = container.scrollHeight;
    };
    const handleScroll = () => {
      isStuck.current =
        container.scrollHeight - container.scrollTop - container.clientHeight < NEAR_BOTTOM_PX;
    };
    const observer = new ResizeObserver(scrollToBottom);
    observer.observe(container);
    observer.observe(content);
    container.addEventListener('scroll', handleScroll, { passive: true });
    return () => {
      observer.disconnect();
      container.removeEventListener('scroll', handleScroll);
    };
  }, [containerRef, contentRef]);

  // Sending a message brings the reader back down to the conversation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new message
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    if (lastSender === 'user') isStuck.current = true;
    if (isStuck.current) container.scrollTop = container.scrollHeight;
  }, [messageCount, lastSender]);
}
