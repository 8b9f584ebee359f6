import { type ComponentProps, type ComponentType, lazy, useState } from "react";

// biome-ignore lint/suspicious/noExplicitAny: React's own bound for lazy components (any props).
type AnyComponent = ComponentType<any>;

/** A lazily loaded component whose code can be fetched ahead of its first render. */
export type LazyComponent<C extends AnyComponent> = ComponentType<ComponentProps<C>> & {
  preload: () => Promise<void>;
};

/**
 * `React.lazy` for a module with a named export: the file keeps exporting `AdminPage` (or a dialog)
 * and is loaded on first use. The <Suspense> around it (the root layout's, for pages) shows meanwhile,
 * unless its code is already in (`preload()`, or an earlier visit): then it renders at once, which is
 * how a page opened directly replaces its prerendered shell without a spinner in between
 * (web/src/main.tsx).
 */
export function lazyPage<Module extends Record<Name, AnyComponent>, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
): LazyComponent<Module[Name]> {
  let loaded: Module[Name] | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module[name];
      },
      (error: unknown) => {
        loading = undefined; // a failed download is tried again on the next visit
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per page, at module level (as React.lazy is)
  function LazyPage(props: ComponentProps<Module[Name]>) {
    // Chosen once per mount, so the component never changes type under its state.
    const [Component] = useState<AnyComponent>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  LazyPage.preload = preload;
  return LazyPage;
}
