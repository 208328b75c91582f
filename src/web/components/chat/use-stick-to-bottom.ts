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
    let lastScrollTop = container.scrollTop;
    const scrollToBottom = () => {
      if (isStuck.current) container.scrollTop = container.scrollHeight;
    };
    // Only the reader scrolling up lets go of the bottom. A scroll event can come a frame after
    // the scroll that caused it, when a new message or the listing strip has already grown the
    // log or shrunk the box: read then, it looked like the reader had left the bottom, and the
    // closing message and the thank-you note stayed out of sight.
    const handleScroll = () => {
      const isAtBottom =
        container.scrollHeight - container.scrollTop - container.clientHeight < NEAR_BOTTOM_PX;
      if (isAtBottom) isStuck.current = true;
      else if (container.scrollTop < lastScrollTop) isStuck.current = false;
      lastScrollTop = container.scrollTop;
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
