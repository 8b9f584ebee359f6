import { describe, expect, it } from "vitest";
import {
  isBrowserPushEndpoint,
  LOCAL_PUSH_SERVICE_HOST,
  PUSH_DELIVERY_TIMEOUT_MS,
  subscriptionsOverCap,
} from "../../../functions/domain/push.ts";

describe("isBrowserPushEndpoint", () => {
  it("accepts https on 443 to the browsers' push services and their subdomains", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/x",
      "https://updates.push.services.mozilla.com/wpush/v2/x",
      "https://web.push.apple.com/x",
      "https://db5p.notify.windows.com/w/?token=x",
      "https://fcm.googleapis.com:443/x",
    ]) {
      expect(isBrowserPushEndpoint(endpoint, false), endpoint).toBe(true);
    }
  });

  it("refuses IP literals, other hosts and ports, http, credentials and look-alike names", () => {
    for (const endpoint of [
      "https://127.0.0.1/x",
      "https://169.254.169.254/latest",
      "https://[::ffff:127.0.0.1]/x",
      "https://0x7f000001/x",
      "https://metadata.google.internal/x",
      "http://fcm.googleapis.com/x",
      "https://fcm.googleapis.com:80/x",
      "https://a@fcm.googleapis.com/x",
      "https://fcm.googleapis.com./x",
      "https://xfcm.googleapis.com/x",
      "https://fcm.googleapis.com.example/x",
      "https://notify.windows.com.evil/x",
      "not a url",
    ]) {
      expect(isBrowserPushEndpoint(endpoint, false), endpoint).toBe(false);
    }
  });

  it("accepts the local push service stand-in only on the local stack", () => {
    const local = `https://${LOCAL_PUSH_SERVICE_HOST}/send/1`;
    expect(isBrowserPushEndpoint(local, false)).toBe(false);
    expect(isBrowserPushEndpoint(local, true)).toBe(true);
    expect(isBrowserPushEndpoint(`https://${LOCAL_PUSH_SERVICE_HOST}:8443/send/1`, true)).toBe(false);
  });
});

describe("subscriptionsOverCap", () => {
  const at = (endpoint: string, second: number) => ({
    endpoint,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
  });

  it("drops the oldest beyond the cap, never the one just saved", () => {
    const subs = [at("c", 3), at("a", 1), at("new", 0), at("b", 2)];
    expect(subscriptionsOverCap(subs, "new", 3).map((s) => s.endpoint)).toEqual(["a"]);
    expect(subscriptionsOverCap(subs, "new", 2).map((s) => s.endpoint)).toEqual(["a", "b"]);
    expect(subscriptionsOverCap(subs, "new", 4)).toEqual([]);
  });

  it("gives up on a delivery after 5 seconds", () => {
    expect(PUSH_DELIVERY_TIMEOUT_MS).toBe(5_000);
  });
});
