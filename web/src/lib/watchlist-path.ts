/** The watchlist's API path, the root of its queries' keys; on its own so live updates can name it without loading the watchlist's code. */
export const WATCHLIST_PATH = "/api/me/watchlist";
