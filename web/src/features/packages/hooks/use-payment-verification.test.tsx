// @vitest-environment happy-dom
/**
 * The payment-success page's verification against a stubbed fetch, with a fresh QueryClient per test:
 * one verify call however often React mounts, the header's balance updated at once, the server's
 * refusal shown as it is, and "Check again" asking once more.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { meQuery } from "@web/lib/current-user.ts";
import { SIGNED_IN_BUYER as USER } from "@web/lib/test-fixtures.ts";
import { type ReactNode, StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "#shared/schemas/auth";
import { usePaymentVerification } from "./use-payment-verification.ts";

let client: QueryClient;

function setup() {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQuery().queryKey, USER);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </StrictMode>
  );
  return renderHook(() => usePaymentVerification("pi_123"), { wrapper });
}

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
  client.clear();
});

describe("usePaymentVerification", () => {
  it("verifies once, even under StrictMode's double effects, and shows the new balance in the header at once", async () => {
    const fetch = vi.fn(async (_url: string | URL) =>
      reply(200, { status: "succeeded", paymentIntentId: "pi_123", bidBalance: 53, bidCount: 50 }),
    );
    vi.stubGlobal("fetch", fetch);
    const { result } = setup();
    expect(result.current.state).toEqual({ kind: "verifying" });
    await waitFor(() => expect(result.current.state.kind).toBe("verified"));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toContain("/api/payments/pi_123/verify");
    expect(client.getQueryData<CurrentUser>(meQuery().queryKey)?.bidBalance).toBe(53);
  });

  it("a refusal shows the server's message and leaves the balance alone", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => reply(404, { message: "Payment not found" })),
    );
    const { result } = setup();
    await waitFor(() =>
      expect(result.current.state).toEqual({ kind: "failed", message: "Payment not found" }),
    );
    expect(client.getQueryData<CurrentUser>(meQuery().queryKey)?.bidBalance).toBe(3);
  });

  it("while the bank is processing, Check again asks the server once more", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(reply(200, { status: "processing", paymentIntentId: "pi_123", bidBalance: 3 }))
      .mockResolvedValueOnce(
        reply(200, { status: "succeeded", paymentIntentId: "pi_123", bidBalance: 28, bidCount: 25 }),
      );
    vi.stubGlobal("fetch", fetch);
    const { result } = setup();
    await waitFor(() => expect(result.current.state.kind).toBe("verified"));
    expect(result.current.state).toMatchObject({ result: { status: "processing" } });
    act(() => result.current.checkAgain());
    await waitFor(() => expect(result.current.state).toMatchObject({ result: { status: "succeeded" } }));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(client.getQueryData<CurrentUser>(meQuery().queryKey)?.bidBalance).toBe(28);
  });
});
