/**
 * Contact Us through the real handlers: POST /api/support/messages stores the message, mails it to the
 * stage's support address (the local outbox) and lists it in the admin's Support tab, where it is marked
 * answered; bad fields are 400 each with its own message, and a sender's hour is limited (429).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SupportMessageView } from "#shared/schemas/support";
import { DEFAULT_SUPPORT_EMAIL } from "../../../functions/config/runtime.ts";
import {
  SUPPORT_MESSAGES,
  SUPPORT_MESSAGES_PER_EMAIL_HOUR,
  SUPPORT_MESSAGES_PER_IP_HOUR,
} from "../../../functions/domain/support.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { outbox, uniqueName, useAccountEmails } from "../accounts/fixtures.ts";
import { signUp } from "../admin/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("contact-us");
const emails = useAccountEmails();

afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 60 * 60 * 1000;
let ipCounter = 0;
/** Each test writes from its own network address, so the per-address hour is its own. */
const freshIp = () => `203.0.113.${++ipCounter}`;

const send = (body: Record<string, unknown>, extra: { cookies?: string[]; sourceIp?: string } = {}) =>
  invokeRoute<{ id?: string; message?: string; issues?: { path: string; message: string }[] }>({
    method: "POST",
    path: "/api/support/messages",
    body,
    sourceIp: extra.sourceIp ?? freshIp(),
    ...(extra.cookies ? { cookies: extra.cookies } : {}),
  });

const aMessage = (overrides: Record<string, unknown> = {}) => ({
  email: `${uniqueName("writer")}@example.com`,
  subject: "Where is my coin?",
  message: "I paid for my order last week\nand it has not shipped yet.",
  ...overrides,
});

async function supportTab(admin: Awaited<ReturnType<typeof signUp>>) {
  const res = await admin.call<SupportMessageView[]>({ method: "GET", path: "/api/admin/support/messages" });
  expect(res.status).toBe(200);
  return res.body;
}

describe("POST /api/support/messages", () => {
  it("stores an anonymous message, mails it to the support address and lists it newest first", async () => {
    const admin = await signUp("admin");
    const first = aMessage({ subject: "First question" });
    const second = aMessage({ subject: "Second question", orderId: "order_123" });
    const one = await send(first);
    expect(one.status).toBe(201);
    expect(one.body.message).toBe(SUPPORT_MESSAGES.received);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1000 });
    const two = await send(second);
    expect(two.status).toBe(201);
    vi.useRealTimers();

    const listed = await supportTab(admin);
    const ours = listed.filter((m) => m.id === one.body.id || m.id === two.body.id);
    expect(ours.map((m) => m.subject)).toEqual(["Second question", "First question"]);
    expect(ours[0]).toMatchObject({
      email: second.email,
      orderId: "order_123",
      status: "open",
      userId: null,
      answeredAt: null,
    });

    await emails.settled();
    const mail = (await outbox(DEFAULT_SUPPORT_EMAIL)).find((e) => e.subject === "[Support] Second question");
    expect(mail?.kind).toBe("support_message");
    expect(mail?.text).toContain(`From: ${second.email} (not signed in)`);
    expect(mail?.text).toContain("Order: order_123");
    expect(mail?.text).toContain("I paid for my order last week");
    expect(mail?.text).toContain("and it has not shipped yet.");
  });

  it("names a signed-in sender's account in the message and the email", async () => {
    const admin = await signUp("admin");
    const buyer = await signUp("buyer");
    const body = aMessage({ subject: uniqueName("Signed in ") });
    const res = await buyer.call<{ id: string }>({
      method: "POST",
      path: "/api/support/messages",
      body,
      sourceIp: freshIp(),
    });
    expect(res.status).toBe(201);
    const stored = (await supportTab(admin)).find((m) => m.id === res.body.id);
    expect(stored).toMatchObject({ userId: buyer.id, username: buyer.username });
    await emails.settled();
    const mail = (await outbox(DEFAULT_SUPPORT_EMAIL)).find((e) => e.subject === `[Support] ${body.subject}`);
    expect(mail?.text).toContain(`(account ${buyer.username})`);
  });

  it.each([
    ["email", { email: "not-an-address" }, "Enter a valid email address"],
    ["email", { email: "" }, "Email is required"],
    ["subject", { subject: "  " }, "Subject is required"],
    ["subject", { subject: "x".repeat(121) }, "Subject must be at most 120 characters"],
    [
      "subject",
      { subject: "two\nlines" },
      "Subject must not contain line breaks or other control characters",
    ],
    ["message", { message: "short" }, "Message must be at least 10 characters"],
    ["message", { message: "x".repeat(5001) }, "Message must be at most 5000 characters"],
    ["orderId", { orderId: "not an id!" }, "Order number may hold only letters, digits, - and _"],
  ])("refuses a bad %s with 400 and its own message, storing nothing", async (field, change, message) => {
    const admin = await signUp("admin");
    const before = (await supportTab(admin)).length;
    const res = await send(aMessage(change));
    expect(res.status).toBe(400);
    expect(res.body.issues?.[0]).toEqual({ path: field, message });
    expect(res.body.message).toBe(`${field}: ${message}`);
    expect((await supportTab(admin)).length).toBe(before);
  });

  it(`allows ${SUPPORT_MESSAGES_PER_EMAIL_HOUR} messages an hour per sender's address; the next is 429 and stores nothing`, async () => {
    const start = Math.ceil(Date.now() / HOUR) * HOUR + 60_000;
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const admin = await signUp("admin");
    const email = `${uniqueName("busy")}@example.com`;
    for (let i = 0; i < SUPPORT_MESSAGES_PER_EMAIL_HOUR; i++) {
      expect((await send(aMessage({ email }))).status).toBe(201);
    }
    // The same address in other letters is the same sender.
    const refused = await send(aMessage({ email: email.toUpperCase() }));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(SUPPORT_MESSAGES.throttled);
    const fromThem = (await supportTab(admin)).filter((m) => m.email.toLowerCase() === email);
    expect(fromThem).toHaveLength(SUPPORT_MESSAGES_PER_EMAIL_HOUR);

    vi.setSystemTime(start + HOUR);
    expect((await send(aMessage({ email }))).status).toBe(201);
  });

  it(`allows ${SUPPORT_MESSAGES_PER_IP_HOUR} messages an hour per network address, whatever the emails`, async () => {
    const start = Math.ceil(Date.now() / HOUR) * HOUR + 60_000;
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const sourceIp = freshIp();
    for (let i = 0; i < SUPPORT_MESSAGES_PER_IP_HOUR; i++) {
      expect((await send(aMessage(), { sourceIp })).status).toBe(201);
    }
    const refused = await send(aMessage(), { sourceIp });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(SUPPORT_MESSAGES.throttled);
    expect((await send(aMessage())).status).toBe(201);
  });
});

describe("POST /api/admin/support/messages/{id}/answered", () => {
  it("marks a message answered once; again keeps the first time; an unknown id is 404", async () => {
    const admin = await signUp("admin");
    const sent = await send(aMessage());
    const id = sent.body.id!;
    const answered = await admin.call<SupportMessageView>({
      method: "POST",
      path: `/api/admin/support/messages/${id}/answered`,
    });
    expect(answered.status).toBe(200);
    expect(answered.body.status).toBe("answered");
    expect(answered.body.answeredAt).toEqual(expect.any(String));
    const again = await admin.call<SupportMessageView>({
      method: "POST",
      path: `/api/admin/support/messages/${id}/answered`,
    });
    expect(again.body.answeredAt).toBe(answered.body.answeredAt);
    expect((await supportTab(admin)).find((m) => m.id === id)?.status).toBe("answered");

    const missing = await admin.call<{ message: string }>({
      method: "POST",
      path: "/api/admin/support/messages/no-such-message/answered",
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(SUPPORT_MESSAGES.notFound);
  });
});
