import { useSyncExternalStore } from "react";

/** Chromium's event offering to install the site as an app (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * Listening from the entry's evaluation on: the browser offers installation once, when it judges the
 * site installable, and a page that was not listening then gets no second chance until it reloads.
 * The browser's own offer (the mini-infobar, the address bar's icon) is left as it is.
 */
export function listenForInstallOffer(): void {
  addEventListener("beforeinstallprompt", (event) => {
    offer = event as InstallPromptEvent;
    changed();
  });
  addEventListener("appinstalled", () => {
    offer = null;
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The browser's pending offer to install the app, or null (no offer, or already used). */
export function useInstallOffer(): { install: () => Promise<void> } | null {
  const current = useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
  if (!current) return null;
  return {
    install: async () => {
      // An offer prompts once: after any answer the entry goes away.
      offer = null;
      changed();
      await current.prompt();
    },
  };
}
