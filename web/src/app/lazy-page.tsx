import { type ComponentType, lazy } from "react";

/**
 * `React.lazy` for a page module with a named export: the page file keeps exporting `AdminPage`
 * and is loaded on first visit. The <Suspense> in the root layout shows while it loads.
 */
export function lazyPage<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
