/** The page is opened by an IP address (127.0.0.1), which browsers refuse as a passkey's relying party. */
export const openedByAddress = () =>
  typeof window !== "undefined" && /^(\d+\.){3}\d+$|^\[/.test(window.location.hostname);

/** Whether this browser can make and use passkeys on this page, asked without loading the WebAuthn library. */
export const browserHasPasskeys = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function" && !openedByAddress();
