import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

export interface LazyPage<P extends object = object> {
  (props: P): ReactElement;
  /** Starts downloading the page's chunk (once) and resolves when it can render without waiting. */
  preload: () => Promise<unknown>;
}

/**
 * React.lazy with a preload. A page whose chunk arrived before its first render renders at once;
 * one that has to wait suspends as with React.lazy. The first screen of a page load is preloaded
 * beside the language catalogue (shared/i18n/start-app.ts): its chunk no longer waits for the
 * catalogue, and no spinner shows, since React keeps a revealed fallback for 300 ms at least
 * (its Suspense throttle), which every first load paid.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (a deploy replaced the chunk, the network dropped) may be tried again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P): ReactElement {
    // Chosen once per mount: switching from the suspending wrapper to the loaded component
    // later would be a different element type, and React would remount the page.
    const [component] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return createElement(component, props);
  }
  return Object.assign(Page, { preload });
}
