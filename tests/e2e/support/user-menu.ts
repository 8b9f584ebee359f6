import type { Locator, Page } from "playwright-core";

/** Clicks the account menu until `name` shows (the menu's code loads after the first screen); answers the item. */
async function tryOpeningTo(page: Page, name: string): Promise<Locator> {
  const item = page.getByRole("menuitem", { name });
  for (let attempt = 0; attempt < 3 && !(await item.isVisible()); attempt++) {
    await page.getByTestId("user-menu").click();
    await item.waitFor({ timeout: 5_000 }).catch(() => {});
  }
  return item;
}

/** Opens the account menu and waits until `name` is in it; answers the item. */
export async function showUserMenuItem(page: Page, name: string): Promise<Locator> {
  const item = await tryOpeningTo(page, name);
  await item.waitFor({ timeout: 5_000 });
  return item;
}

/** Opens the account menu and picks `name`. */
export async function openUserMenuItem(page: Page, name: string): Promise<void> {
  await (await tryOpeningTo(page, name)).click();
}
