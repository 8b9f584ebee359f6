import { type ComponentType, type LazyExoticComponent, lazy } from "react";

// biome-ignore lint/suspicious/noExplicitAny: React's own bound for lazy components (any props).
type AnyComponent = ComponentType<any>;

/**
 * `React.lazy` for a module with a named export: the file keeps exporting `AdminPage` (or a dialog)
 * and is loaded on first use. The <Suspense> around it (the root layout's, for pages) shows meanwhile.
 */
export function lazyPage<Module extends Record<Name, AnyComponent>, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
