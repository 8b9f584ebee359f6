import { lazy, Suspense, useEffect, useState } from "react";
import { useCurrentWin } from "../lib/winner-store.ts";

// The dialog and its confetti are fetched on the first win only: no part of a first visit.
const WinnerModal = lazy(async () => ({ default: (await import("./winner-modal.tsx")).WinnerModal }));

/** Mounts the winner's celebration from the first win of the signed-in user on, then keeps it. */
export function WinnerCelebration() {
  const win = useCurrentWin();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (win) setWanted(true);
  }, [win]);
  return wanted ? (
    <Suspense fallback={null}>
      <WinnerModal />
    </Suspense>
  ) : null;
}
