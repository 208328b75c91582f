import { type ComponentType, lazy, type ReactNode, useState } from 'react';

/** Fetches the component's code without showing it; safe to call any number of times. */
export type Preload = () => void;

/**
 * A component whose code is its own chunk, as with `lazy`, that can also be fetched before it is
 * shown (`preload`: when the browser is idle, or as the pointer reaches what opens it). Once its
 * code has arrived it renders at once: `lazy` alone suspends on its first render even when the
 * module has loaded already, and its Suspense fallback would flash for a frame.
 */
export function preloadable<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ((props: Props) => ReactNode) & { preload: Preload } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const fetchCode = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        // A fetch that failed (offline for a moment) is tried again the next time.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(fetchCode);
  const preload: Preload = () => {
    fetchCode().catch(() => {
      // Not an error yet: the component fetches its code again when it is shown.
    });
  };
  return Object.assign(
    // biome-ignore lint/correctness/noComponentHookFactories: made once per component at the module's top level, as `lazy` makes its own
    function Preloaded(props: Props) {
      // Chosen once per mount: swapping `Lazy` for the loaded component later would remount it and
      // lose its state.
      const [Shown] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
      return <Shown {...props} />;
    },
    { preload },
  );
}
