import { useUser } from "@web/lib/current-user.ts";
import { type ComponentProps, lazy, Suspense } from "react";
import type { WatchStar } from "./watch-star.tsx";

const LazyStar = lazy(async () => ({ default: (await import("./watch-star.tsx")).WatchStar }));

/**
 * The grid's star: only a signed-in user has a watchlist, so a visitor's first load carries neither
 * the star nor the watchlist's queries; a signed-in user's stars appear once that small chunk is in.
 */
export function LazyWatchStar(props: ComponentProps<typeof WatchStar>) {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <LazyStar {...props} />
    </Suspense>
  );
}
