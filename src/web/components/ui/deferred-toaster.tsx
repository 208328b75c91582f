import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';
import { onToast } from '#web/lib/toast.ts';
import { whenIdle } from '#web/lib/when-idle.ts';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the toaster once the browser is idle, so that sonner loads after the first paint
 * instead of with the page, or (`mountOn="first-toast"`, the public chat) only when a toast is
 * raised; it shows toasts raised before that when it arrives. Toasts show at `position`: unless told,
 * the top centre, which keeps them off the public chat's message box at the bottom.
 */
export function DeferredToaster({
  mountOn = 'idle',
  position = 'top-center',
}: {
  mountOn?: 'idle' | 'first-toast';
  position?: ToasterProps['position'];
}) {
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => {
    const mount = () => setIsMounted(true);
    if (mountOn === 'first-toast') return onToast(mount);
    return whenIdle(mount);
  }, [mountOn]);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} position={position} richColors closeButton />
    </Suspense>
  );
}
