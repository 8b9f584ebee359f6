import type { Page } from "playwright-core";

/** Opens the account menu and picks `name` (the menu's code loads after the first screen: tried again until it shows). */
export async function openUserMenuItem(page: Page, name: string): Promise<void> {
  const item = page.getByRole("menuitem", { name });
  for (let attempt = 0; attempt < 3 && !(await item.isVisible()); attempt++) {
    await page.getByTestId("user-menu").click();
    await item.waitFor({ timeout: 5_000 }).catch(() => {});
  }
  await item.click();
}
