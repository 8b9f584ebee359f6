import { useLocation } from "react-router";

/**
 * The token of an emailed link (`/reset-password#token=…`, `/verify-email#token=…`): it travels in the
 * fragment, which browsers never send, so no CDN or server log ever holds a live token.
 */
export function useLinkToken(): string {
  const { hash } = useLocation();
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";
}
