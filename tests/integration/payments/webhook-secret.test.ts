import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import {
  DEFAULT_LOCAL_WEBHOOK_SECRET,
  localPaymentGateway,
  localWebhookSecret,
  PublicWebhookSecretError,
} from "../../../functions/adapters/payments/index.ts";
import {
  confirmCard,
  createIntent,
  deliverWebhook,
  signedSucceededWebhook,
  signUpBuyer,
  useTableWithPackages,
} from "./fixtures.ts";

useTableWithPackages("webhook-secret");

const localStack = process.env.LOCAL_STACK;
afterEach(() => {
  process.env.LOCAL_STACK = localStack;
  delete process.env.LOCAL_WEBHOOK_SECRET;
});

/** As a deployed function sees it: not the local stack. */
function deployed() {
  delete process.env.LOCAL_STACK;
}

describe("the local provider's webhook secret outside the local stack", () => {
  it("is born with the process, never the public development secret", () => {
    deployed();
    expect(localWebhookSecret()).not.toBe(DEFAULT_LOCAL_WEBHOOK_SECRET);
    expect(localWebhookSecret()).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(localWebhookSecret()).toBe(localWebhookSecret());
  });

  it("refuses a payment_intent.succeeded signed with the public secret: no credits, no purchase", async () => {
    deployed();
    const buyer = await signUpBuyer(0);
    const { body } = await createIntent(buyer, { packageId: "starter" });
    const intent = await localPaymentGateway().retrievePaymentIntent(body.paymentIntentId);
    expect(intent?.metadata.userId).toBe(buyer.id);
    const forged = signedSucceededWebhook({ ...intent!, status: "succeeded" }, DEFAULT_LOCAL_WEBHOOK_SECRET);
    const res = await deliverWebhook(forged);
    expect(res).toMatchObject({ status: 400, body: { message: expect.stringMatching(/signature/i) } });
    expect(await buyer.balance()).toBe(0);
  });

  it("still credits a card paid through the in-process delivery", async () => {
    deployed();
    const buyer = await signUpBuyer(0);
    const { body } = await createIntent(buyer, { packageId: "starter" });
    expect((await confirmCard(buyer, body.paymentIntentId, "4242424242424242")).status).toBe(200);
    expect(await buyer.balance()).toBe(50);
  });

  it("is refused when configured to the public secret", () => {
    deployed();
    process.env.LOCAL_WEBHOOK_SECRET = DEFAULT_LOCAL_WEBHOOK_SECRET;
    expect(() => localWebhookSecret()).toThrow(PublicWebhookSecretError);
    process.env.LOCAL_STACK = "1";
    expect(localWebhookSecret()).toBe(DEFAULT_LOCAL_WEBHOOK_SECRET);
  });

  it("makes a function refuse to start with the public secret anywhere but the local stack", async () => {
    const run = promisify(execFile);
    const load = (env: Record<string, string>) =>
      run(
        "npx",
        [
          "tsx",
          "-e",
          'import("./functions/adapters/payments/settings.ts").then(() => console.log("started"))',
        ],
        {
          env: { ...process.env, LOCAL_STACK: "", ...env },
        },
      ).then(
        ({ stdout }) => stdout.trim(),
        (error: { stderr: string }) => `refused: ${error.stderr.replace(/^npm warn.*\n/gm, "")}`,
      );
    expect(await load({ LOCAL_WEBHOOK_SECRET: DEFAULT_LOCAL_WEBHOOK_SECRET })).toMatch(
      /refused: .*public development webhook secret/s,
    );
    expect(await load({ LOCAL_WEBHOOK_SECRET: DEFAULT_LOCAL_WEBHOOK_SECRET, LOCAL_STACK: "1" })).toBe(
      "started",
    );
    expect(await load({ LOCAL_WEBHOOK_SECRET: "" })).toBe("started");
  }, 30_000);
});
