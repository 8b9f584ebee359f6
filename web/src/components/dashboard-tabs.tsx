import { ListPlaceholders } from "@web/components/list-states.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs.tsx";
import { type ComponentProps, type ReactNode, Suspense } from "react";

export interface DashboardTab {
  value: string;
  label: string;
  /** A tab with this key shows the count in a badge after its label, once known. */
  count?: number;
  content: ReactNode;
  /** A tab whose content loads with it (React.lazy): how many placeholders show meanwhile. */
  lazyPlaceholders?: number;
}

function CountBadge({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span className="min-w-5 rounded-full bg-primary px-1.5 text-center text-xs font-semibold leading-5 text-primary-foreground">
      {count}
    </span>
  );
}

/**
 * A dashboard's tabs (the admin's panel, the seller's dashboard): a trigger per tab, its count in a
 * badge where it has one, and its content; a lazy tab's content shows placeholders while it loads.
 */
export function DashboardTabs({
  tabs,
  listClassName,
  ...props
}: Omit<ComponentProps<typeof Tabs>, "children"> & {
  tabs: readonly DashboardTab[];
  listClassName?: string;
}) {
  return (
    <Tabs {...props}>
      <TabsList className={listClassName}>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {"count" in tab ? (
              <>
                {tab.label} <CountBadge count={tab.count} />
              </>
            ) : (
              tab.label
            )}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value}>
          {tab.lazyPlaceholders === undefined ? (
            tab.content
          ) : (
            <Suspense fallback={<ListPlaceholders count={tab.lazyPlaceholders} />}>{tab.content}</Suspense>
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
