import { lazy, Suspense, useEffect, useState } from 'react';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the toaster once the browser is idle, so that sonner loads after the first paint
 * instead of with the page; it shows toasts raised before that when it arrives.
 */
export function DeferredToaster() {
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => {
    const mount = () => setIsMounted(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(mount, 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(mount, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, []);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} position="top-center" richColors closeButton />
    </Suspense>
  );
}
