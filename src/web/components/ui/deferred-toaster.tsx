import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';
import { onToast } from '#web/lib/toast.ts';
import { whenIdle } from '#web/lib/when-idle.ts';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

/**
 * Whether a dialog or sheet is open. Radix portals them into the body, so its children are watched,
 * and the open one's `data-state` (a dialog closing stays a moment to fade out).
 */
function useIsDialogOpen(isWatching: boolean): boolean {
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => {
    if (!isWatching) return;
    const check = () => setIsOpen(document.querySelector(OPEN_DIALOG) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
    return () => observer.disconnect();
  }, [isWatching]);
  return isOpen;
}

/**
 * Mounts the toaster once the browser is idle, so that sonner loads after the first paint
 * instead of with the page, or (`mountOn="first-toast"`, the public chat) only when a toast is
 * raised; it shows toasts raised before that when it arrives. Toasts show at `position`: unless told,
 * the top centre, which keeps them off the public chat's message box at the bottom.
 *
 * While a dialog or sheet is open they show at the top centre whatever `position` says: dialogs and
 * sheets keep their buttons at the bottom, where a toast at the bottom right covered them on a
 * phone on its side or a tablet, and the page's header they would cover at the top is behind the
 * dialog's overlay then.
 */
export function DeferredToaster({
  mountOn = 'idle',
  position = 'top-center',
}: {
  mountOn?: 'idle' | 'first-toast';
  position?: ToasterProps['position'];
}) {
  const [isMounted, setIsMounted] = useState(false);
  const isDialogOpen = useIsDialogOpen(isMounted && position !== 'top-center');
  useEffect(() => {
    const mount = () => setIsMounted(true);
    if (mountOn === 'first-toast') return onToast(mount);
    return whenIdle(mount);
  }, [mountOn]);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} position={isDialogOpen ? 'top-center' : position} richColors closeButton />
    </Suspense>
  );
}
