/**
 * Runs `task` once the browser has nothing more urgent to do (within 2 s at most); the returned
 * function cancels it if it has not run yet.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 200);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(task, { timeout: 2000 });
  return () => cancelIdleCallback(handle);
}
