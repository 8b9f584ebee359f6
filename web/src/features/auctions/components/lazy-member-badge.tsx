import { type ComponentProps, lazy, Suspense } from "react";

// The badge loads after the page's first paint: the auction page's first load stays within its budget.
const MemberBadge = lazy(async () => ({ default: (await import("./member-badge.tsx")).MemberBadge }));

export function LazyMemberBadge(props: ComponentProps<typeof MemberBadge>) {
  return (
    <Suspense fallback={null}>
      <MemberBadge {...props} />
    </Suspense>
  );
}
