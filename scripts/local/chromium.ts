/**
 * How this machine runs Chromium headless (Debian's /usr/bin/chromium, as root in a container): no
 * sandbox, no GPU, and nothing fetched in the background that would skew a measurement. Lighthouse
 * (scripts/lighthouse.ts) and the browser tests launch it with the same flags.
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
