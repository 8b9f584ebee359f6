// @vitest-environment happy-dom
/**
 * Mutation refusals are toasted once, by the query client's mutation cache, from the `errorToast` a
 * mutation declares: the server's message, or the fallback; nothing for a mutation that declares none.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { createQueryClient, type ErrorToast } from "./query-client.ts";

const toasts = vi.hoisted(() => [] as unknown[]);
vi.mock("@web/lib/toast.ts", () => ({ toast: (t: unknown) => toasts.push(t) }));

afterEach(() => {
  toasts.length = 0;
});

async function refuse(error: unknown, meta?: { errorToast?: ErrorToast }) {
  const client = createQueryClient();
  const mutation = client.getMutationCache().build(client, {
    mutationFn: () => Promise.reject(error),
    ...(meta ? { meta } : {}),
  });
  await mutation.execute(undefined).catch(() => undefined);
}

describe("the mutation cache's error toast", () => {
  it("shows the server's message under the declared title", async () => {
    await refuse(
      new ApiError(400, "Bad Request", JSON.stringify({ message: "Current password is incorrect" })),
      {
        errorToast: { title: "Password not changed", fallback: "Something went wrong" },
      },
    );
    expect(toasts).toEqual([
      { variant: "destructive", title: "Password not changed", description: "Current password is incorrect" },
    ]);
  });

  it("falls back to the declared line, titled Error, when the server said nothing", async () => {
    await refuse(new TypeError("Failed to fetch"), { errorToast: { fallback: "Could not save the limits" } });
    expect(toasts).toEqual([
      { variant: "destructive", title: "Error", description: "Could not save the limits" },
    ]);
  });

  it("stays silent for a mutation that handles its own refusals", async () => {
    await refuse(
      new ApiError(402, "Payment Required", JSON.stringify({ message: "Insufficient bid credits" })),
    );
    expect(toasts).toEqual([]);
  });

  it("says the declared no-answer line when the network failed, and nothing for a status told elsewhere", async () => {
    const bid: ErrorToast = {
      title: "Cannot place bid",
      fallback: "Failed to place bid",
      noAnswer: "An error occurred while placing your bid",
      except: [401],
    };
    await refuse(new TypeError("Failed to fetch"), { errorToast: bid });
    await refuse(new ApiError(401, "Unauthorized", JSON.stringify({ message: "Login required" })), {
      errorToast: bid,
    });
    await refuse(
      new ApiError(402, "Payment Required", JSON.stringify({ message: "Insufficient bid credits" })),
      {
        errorToast: bid,
      },
    );
    expect(toasts).toEqual([
      { variant: "destructive", title: "Error", description: "An error occurred while placing your bid" },
      { variant: "destructive", title: "Cannot place bid", description: "Insufficient bid credits" },
    ]);
  });
});
