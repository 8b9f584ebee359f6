/**
 * Cursor pages of every list: `?limit=` (default 20, at most 100) and `?cursor=` from the
 * previous page's `nextCursor`. A request with neither gets the list as it always was (the whole
 * list, in the documented shape); with either, `{ items, nextCursor }` (null on the last page).
 */
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from "../constants.ts";
import * as z from "./zod.ts";

export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT };

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`;

export const pageQuerySchema = z.object({
  limit: z.optional(
    z.coerce
      .number(z.typeMessages(LIMIT_MESSAGE))
      .check(z.integer(LIMIT_MESSAGE), z.minimum(1, LIMIT_MESSAGE), z.maximum(MAX_PAGE_LIMIT, LIMIT_MESSAGE)),
  ),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const MAX_SEARCH_LENGTH = 100;
const SEARCH_MESSAGE = `q must be at most ${MAX_SEARCH_LENGTH} characters`;

/** A searchable list's query: the page and `?q=`, words that must all appear (shared/search.ts). */
export const searchPageQuerySchema = z.extend(pageQuerySchema, {
  q: z.optional(z.string().check(z.maxLength(MAX_SEARCH_LENGTH, SEARCH_MESSAGE))),
});
export type SearchPageQuery = z.infer<typeof searchPageQuerySchema>;

export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** The page a query asks for, or null when it asks for none (the whole list, as before pages). */
export function pageRequestOf(query: PageQuery | undefined): PageRequest | null {
  if (!query || (query.limit === undefined && query.cursor === undefined)) return null;
  return { limit: query.limit ?? DEFAULT_PAGE_LIMIT, cursor: query.cursor };
}

/**
 * The words a search asks for and the page it reads, or null when the query neither searches (a blank
 * `q` is no search) nor `filtered` (another filter of the list was given). A search always answers a
 * page: matches can only be found a page at a time.
 */
export function searchRequestOf(
  query: SearchPageQuery | undefined,
  filtered = false,
): (PageRequest & { q: string }) | null {
  const q = query?.q?.trim() ?? "";
  if (!q && !filtered) return null;
  return { q, limit: query?.limit ?? DEFAULT_PAGE_LIMIT, cursor: query?.cursor };
}

/** The same page with its items turned into what the answer shows (kept in order). */
export async function mapPage<T, U>(
  page: Page<T>,
  view: (items: T[]) => U[] | Promise<U[]>,
): Promise<Page<U>> {
  return { items: await view(page.items), nextCursor: page.nextCursor };
}
