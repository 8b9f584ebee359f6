import { expect } from "vitest";
import type { Page } from "#shared/schemas/pages";
import type { Actor } from "./actors.ts";

/**
 * Every page of a cursor list, from `firstPage` (a path with its query) following `nextCursor`: each page
 * answers 200 and, given `limit`, holds at most that many items. More than `maxPages` pages fails the test
 * rather than walking forever.
 */
export async function walkPages<T>(
  user: Pick<Actor, "call">,
  firstPage: string,
  { limit, maxPages }: { limit?: number; maxPages: number },
): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const path: string = cursor ? `${firstPage}&cursor=${encodeURIComponent(cursor)}` : firstPage;
    const res: { status: number; body: Page<T> } = await user.call<Page<T>>({ method: "GET", path });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (limit !== undefined) expect(res.body.items.length).toBeLessThanOrEqual(limit);
    pages.push(res.body.items);
    cursor = res.body.nextCursor;
    expect(pages.length).toBeLessThan(maxPages);
  } while (cursor);
  return pages;
}
