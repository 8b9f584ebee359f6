import { cn } from "@web/lib/utils.ts";
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  useContext,
  useId,
  useMemo,
  useState,
} from "react";

/**
 * The WAI-ARIA tabs pattern as Radix Tabs does it (automatic activation: a tab is chosen as it takes
 * focus; a roving tab stop; arrows wrap, Home / End and Page Up / Page Down go to the ends; a panel per
 * tab, the inactive ones hidden and empty), written out: the home page's metal filter is on the first
 * screen, and Radix's version with its roving-focus, collection and presence packages was ~7 KB of the
 * first load's gzip (docs/benchmarks.md "Speed budgets").
 */
interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error(`${part} must be inside Tabs`);
  return tabs;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export function Tabs({
  value: valueProp,
  defaultValue = "",
  onValueChange,
  ...props
}: Omit<ComponentProps<"div">, "defaultValue"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue);
  const value = valueProp ?? own;
  const controlled = valueProp !== undefined;
  // One value while nothing changes, so the triggers and panels render again only when the choice does.
  const tabs = useMemo<TabsState>(
    () => ({
      baseId,
      value,
      select: (next) => {
        if (next === value) return;
        if (!controlled) setOwn(next);
        onValueChange?.(next);
      },
    }),
    [baseId, value, controlled, onValueChange],
  );
  return (
    <TabsContext.Provider value={tabs}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn(
        "inline-flex h-10 max-w-full items-center justify-start gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

/** The key's tab among the list's enabled ones, or none for a key that does not move focus. */
function nextTab(event: KeyboardEvent<HTMLButtonElement>): HTMLElement | undefined {
  if (event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return undefined;
  const list = event.currentTarget.closest('[role="tablist"]');
  const tabs = [...(list?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? [])];
  const at = tabs.indexOf(event.currentTarget);
  const step: Record<string, number> = {
    ArrowLeft: at - 1,
    ArrowRight: at + 1,
    Home: 0,
    PageUp: 0,
    End: tabs.length - 1,
    PageDown: tabs.length - 1,
  };
  const index = step[event.key];
  if (index === undefined || !tabs.length) return undefined;
  return tabs[(index + tabs.length) % tabs.length];
}

export function TabsTrigger({
  value,
  disabled = false,
  className,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs("TabsTrigger");
  const selected = value === tabs.value;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={selected ? "active" : "inactive"}
      data-disabled={disabled ? "" : undefined}
      disabled={disabled}
      id={triggerId(tabs.baseId, value)}
      tabIndex={selected ? 0 : -1}
      className={cn(
        "inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (event.defaultPrevented) return;
        // As Radix: a primary press chooses the tab at once; any other press leaves focus where it was.
        if (!disabled && event.button === 0 && !event.ctrlKey) {
          event.currentTarget.focus();
          tabs.select(value);
        } else {
          event.preventDefault();
        }
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || disabled || event.target !== event.currentTarget) return;
        if (event.key === " " || event.key === "Enter") tabs.select(value);
        const next = nextTab(event);
        if (next) {
          event.preventDefault();
          next.focus();
        }
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented && !disabled) tabs.select(value);
      }}
    />
  );
}

export function TabsContent({
  value,
  className,
  children,
  ...props
}: ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs("TabsContent");
  const selected = value === tabs.value;
  return (
    <div
      role="tabpanel"
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      aria-labelledby={triggerId(tabs.baseId, value)}
      hidden={!selected}
      id={contentId(tabs.baseId, value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern's panel is a tab stop (WAI-ARIA APG), as in Radix
      tabIndex={0}
      className={cn("mt-4 focus-visible:outline-2 focus-visible:outline-ring", className)}
      {...props}
    >
      {selected && children}
    </div>
  );
}
