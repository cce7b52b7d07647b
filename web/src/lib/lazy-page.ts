import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Route-level code splitting: a page in its own chunk, loaded when first visited. `load` is the
 * page module's dynamic import (written in the feature's routes, so the bundler sees it), `name`
 * the page's named export.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
