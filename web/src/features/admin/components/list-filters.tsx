import { Input } from "@web/components/ui/input.tsx";
import { useState } from "react";

/** An admin list's search box and one select filter, with how many of the loaded rows are shown. */
export function ListFilters<Value extends string>({
  what,
  search,
  onSearch,
  filterLabel,
  value,
  options,
  onFilter,
  shown,
  total,
  summary,
}: {
  what: string;
  search: string;
  onSearch(search: string): void;
  filterLabel: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onFilter(value: Value): void;
  shown: number;
  /** The whole list's length, for a list held whole ("3 of 12"). */
  total?: number;
  /** Said instead of "shown of total", for a list the server searches a page at a time. */
  summary?: string;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <Input
        type="search"
        aria-label={`Search ${what}`}
        placeholder={`Search ${what}`}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        className="w-full sm:w-72"
      />
      <select
        aria-label={filterLabel}
        value={value}
        onChange={(event) => onFilter(event.target.value as Value)}
        className="h-9 rounded-md border border-input bg-background px-3 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <span className="text-sm text-muted-foreground" data-testid={`${what.split(" ")[0]}-shown`}>
        {summary ?? `${shown} of ${total}`}
      </span>
    </div>
  );
}

/**
 * A list's search text and filter value (the filter starts at "all"), and the four ListFilters props
 * that read and set them.
 */
export function useListFilters<Value extends string>() {
  const [search, setSearch] = useState("");
  const [value, setValue] = useState<Value | "all">("all");
  return { search, value, props: { search, onSearch: setSearch, value, onFilter: setValue } };
}

/** The filter's choices: "all" (under `allLabel`), then each value under its label. */
export function filterOptions<Value extends string>(allLabel: string, labels: Record<Value, string>) {
  const each = (Object.keys(labels) as Value[]).map((value) => ({ value, label: labels[value] }));
  return [{ value: "all" as const, label: allLabel }, ...each];
}
