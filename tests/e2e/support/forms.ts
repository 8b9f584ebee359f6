import type { Locator } from "playwright-core";

/** Submits the form in `dialog` with its `button` and waits for the message that refuses it. */
export async function submitRefused(dialog: Locator, button: string, message: string): Promise<void> {
  await dialog.getByRole("button", { name: button }).click();
  await dialog.getByText(message).waitFor();
}
