import type { ReactNode } from "react";

export function Centered({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-center justify-center gap-3 py-12 text-center">{children}</div>;
}
