import { EmptyState } from "@web/components/empty-state.tsx";
import type { LucideIcon } from "lucide-react";

/** What an admin tab shows when its list is empty: an icon, a title (an h3 under the tab) and a line of help. */
export function emptyTab(icon: LucideIcon, title: string, description: string) {
  return <EmptyState icon={icon} title={title} description={description} />;
}
