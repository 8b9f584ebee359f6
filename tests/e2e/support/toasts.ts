import type { Page } from "playwright-core";

/** The toast saying `text`, as assistive tech announces it (a status). */
export const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first();
