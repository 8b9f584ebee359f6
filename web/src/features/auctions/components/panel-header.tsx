import { CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** The header of a side card on an auction's page (Bid Agent, Recent Bids): a small icon and its title. */
export function PanelHeader({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <CardHeader className="pb-3">
      <CardTitle className="flex items-center gap-2 text-base">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        {children}
      </CardTitle>
    </CardHeader>
  );
}
