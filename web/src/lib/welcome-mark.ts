import { WELCOME_KEY } from "./welcome.ts";

/** Marks `userId` as just signed up in this browser (./welcome.ts). */
export function rememberWelcome(userId: string): void {
  try {
    localStorage.setItem(WELCOME_KEY, userId);
  } catch {
    // Storage blocked: no panel; the verify banner still asks for the address.
  }
}

/** Dismissed: the panel does not come back. */
export function forgetWelcome(): void {
  try {
    localStorage.removeItem(WELCOME_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
