/**
 * The welcome panel after sign-up (docs/product.md, "Sign up"): the register form marks the new account in
 * this browser, the layout shows the panel while the mark is there, and Dismiss removes it for good.
 * localStorage, because sign-up ends with a full reload and the panel stays until the user dismisses it.
 * Only this read is on the first load; the writes are in ./welcome-mark.ts.
 */
export const WELCOME_KEY = "welcome-for";

/** Whether the welcome panel is due for `userId` (signed up here and not dismissed yet). */
export function welcomeDue(userId: string): boolean {
  try {
    return localStorage.getItem(WELCOME_KEY) === userId;
  } catch {
    return false;
  }
}
