import { useEffect } from "react";

/** The site's name: the whole title of the home page, the end of every other page's. */
export const SITE_NAME = "Precious Metals Auctions";

/**
 * Names the page in the browser's tab, history and a screen reader's page announcement: "<title> ·
 * Precious Metals Auctions", or the site's name alone without a title (the home page).
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
