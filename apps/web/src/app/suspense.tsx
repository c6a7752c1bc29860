import { type ComponentType, type LazyExoticComponent, Suspense } from 'react';
import { FullScreenSpinner, PageLoader } from '../components/spinner';

type Lazy = LazyExoticComponent<ComponentType>;

/** A lazy page inside a layout: the layout stays, the content area shows the loading message. */
export function page(Component: Lazy) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Component />
    </Suspense>
  );
}

/** A lazy full-screen page or layout. */
export function fullScreen(Component: Lazy) {
  return (
    <Suspense fallback={<FullScreenSpinner label="Loading page…" />}>
      <Component />
    </Suspense>
  );
}
