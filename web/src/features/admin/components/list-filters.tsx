import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Plus } from "lucide-react";
import { useState } from "react";
import { matchesSearch } from "#shared/search";

type Choice<Value extends string> = Value | "all";

/** One admin list's filter: what its search box searches, its select's name and the select's choices. */
interface ListFilter<Value extends string> {
  what: string;
  filterLabel: string;
  options: ReadonlyArray<{ value: Choice<Value>; label: string }>;
}

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
}: ListFilter<Value> & {
  search: string;
  onSearch(search: string): void;
  value: Choice<Value>;
  onFilter(value: NoInfer<Choice<Value>>): void;
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
        onChange={(event) => onFilter(event.target.value as Choice<Value>)}
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
 * A list's search text and filter value (the filter starts at "all"), the ListFilters props that read
 * and set them, and `apply`, which keeps the items a list held whole shows for them. `what` is what the
 * search box searches, `filterLabel` the select's accessible name.
 */
export function useListFilters<Value extends string>(
  what: string,
  filterLabel: string,
  options: ListFilter<Value>["options"],
) {
  const [search, setSearch] = useState("");
  const [value, setValue] = useState<Choice<Value>>("all");
  /** The items whose `filteredBy` the filter allows and whose `texts` match every word of the search. */
  const apply = <T,>(items: readonly T[], filteredBy: (item: T) => Value, texts: (item: T) => string[]) =>
    items.filter(
      (item) => (value === "all" || filteredBy(item) === value) && matchesSearch(search, ...texts(item)),
    );
  const props = { what, filterLabel, options, search, onSearch: setSearch, value, onFilter: setValue };
  return { search, value, apply, props };
}

export const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The filter's choices: "all" (under `allLabel`), then each value, its label the value capitalized
 * ("pending": "Pending"), or what `label` makes of it.
 */
export function filterOptions<Value extends string>(
  allLabel: string,
  values: readonly Value[],
  label: (value: Value) => string = capitalized,
) {
  const each = values.map((value) => ({ value, label: label(value) }));
  return [{ value: "all" as const, label: allLabel }, ...each];
}

/** The "Add ..." button above a list the admin adds to (products, bid packages). */
export function AddButtonBar({ label, onAdd }: { label: string; onAdd: () => void }) {
  return (
    <div className="flex justify-end">
      <Button onClick={onAdd}>
        <Plus aria-hidden="true" />
        {label}
      </Button>
    </div>
  );
}
