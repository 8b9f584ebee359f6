import { type ComponentProps, lazy, Suspense } from "react";

// Only an ended auction's page renders it, after the first paint: the auction page's first load stays within its budget.
const EconomicsLine = lazy(async () => ({ default: (await import("./economics-line.tsx")).EconomicsLine }));

export function LazyEconomicsLine(props: ComponentProps<typeof EconomicsLine>) {
  return (
    <Suspense fallback={null}>
      <EconomicsLine {...props} />
    </Suspense>
  );
}
