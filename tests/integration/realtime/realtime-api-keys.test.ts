/**
 * The Event API key rotation's adapters and where it runs: AppSync's key calls against moto_server
 * (a GraphQL API's keys: moto has no Event API, and the calls are the same), the served key in the
 * table, GET /api/config serving it, and the Event API stand-in's own keys, which the same adapter and
 * use case rotate on the local stack.
 */

import { createServer } from "node:http";
import { AppSyncClient, CreateGraphqlApiCommand } from "@aws-sdk/client-appsync";
import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppConfig } from "#shared/schemas/payments";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import { CorruptItemError } from "../../../functions/adapters/dynamo/item-schema.ts";
import { liveKeys } from "../../../functions/adapters/dynamo/keys.ts";
import {
  dynamoServedKeyStore,
  readServedRealtimeKey,
} from "../../../functions/adapters/dynamo/realtime-api-keys-repo.ts";
import { appSyncKeyAdmin } from "../../../functions/adapters/realtime/appsync-key-admin.ts";
import { DAY_MS } from "../../../functions/domain/realtime-api-keys.ts";
import { rotateRealtimeApiKeys } from "../../../functions/usecases/realtime/rotate-api-keys.ts";
import { type LocalEventApi, startLocalEventApi } from "../../../scripts/local/event-api.ts";
import { invoke } from "../../../scripts/local/handlers.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { startLocalRealtimeKeyRotation } from "../../../scripts/local/realtime-api-keys.ts";
import { connectEventsClient, publishWithKey } from "../../support/appsync-events-client.ts";
import { motoInstalled, startMoto } from "../../support/moto-server.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { putItem } from "../support/raw-table.ts";

useFreshTable("realtime-api-keys");

const LOCAL_IAM = { accessKeyId: "local", secretAccessKey: "local", region: "us-east-1" };
const EVENT_ENV = [
  "EVENT_API_HTTP_ENDPOINT",
  "EVENT_API_REALTIME_ENDPOINT",
  "EVENT_API_ID",
  "AWS_ENDPOINT_URL_APPSYNC",
];
afterEach(() => {
  for (const name of EVENT_ENV) delete process.env[name];
});

const config = () => invokeRoute<AppConfig & { message?: string }>({ method: "GET", path: "/api/config" });

describe.skipIf(!motoInstalled)("AppSync's key calls (appSyncKeyAdmin, against moto_server)", () => {
  let moto: Awaited<ReturnType<typeof startMoto>>;
  let apiId: string;
  beforeAll(async () => {
    moto = await startMoto();
    const client = new AppSyncClient({ endpoint: moto.endpoint, region: "eu-west-1" });
    const created = await client.send(
      new CreateGraphqlApiCommand({ name: "live", authenticationType: "API_KEY" }),
    );
    apiId = created.graphqlApi!.apiId!;
  }, 60_000);
  afterAll(() => moto?.stop());

  it("creates a key expiring when asked (AppSync's epoch seconds), lists it, and deletes it", async () => {
    const admin = appSyncKeyAdmin({ apiId, endpoint: moto.endpoint, region: "eu-west-1" });
    expect(await admin.list()).toEqual([]);
    const expiresAt = Math.floor((Date.now() + 300 * DAY_MS) / 3_600_000) * 3_600_000;
    const key = await admin.create(expiresAt);
    expect(key).toEqual({ id: expect.any(String), expiresAt });
    expect(await admin.list()).toEqual([key]);
    await admin.delete(key.id);
    expect(await admin.list()).toEqual([]);
  });

  it("rotates a fresh API: one key made and served", async () => {
    const admin = appSyncKeyAdmin({ apiId, endpoint: moto.endpoint, region: "eu-west-1" });
    const now = Date.now();
    const outcome = await rotateRealtimeApiKeys(admin, dynamoServedKeyStore, now);
    const keys = await admin.list();
    expect(keys).toHaveLength(1);
    expect(outcome).toEqual({ created: keys[0]!.id, served: keys[0]!.id, deleted: [] });
    expect(await readServedRealtimeKey()).toEqual({ ...keys[0], since: now });
    for (const k of keys) await admin.delete(k.id);
  });
});
if (!motoInstalled)
  console.warn(
    "moto_server is not installed (pip install 'moto[server]'): AppSync's key calls are not tested",
  );

describe("the served key (DynamoDB) and GET /api/config", () => {
  it("keeps the served key with when it was served and when it expires", async () => {
    const key = { id: "da2-one", since: Date.UTC(2027, 0, 1), expiresAt: Date.UTC(2028, 0, 1) };
    await dynamoServedKeyStore.serve(key);
    expect(await dynamoServedKeyStore.served()).toEqual(key);
  });

  it("refuses a stored item that is not a served key, naming the field", async () => {
    await putItem({
      ...liveKeys.servedApiKey(),
      id: "da2-x",
      since: "yesterday",
      expiresAt: "2028-01-01T00:00:00.000Z",
    });
    await expect(readServedRealtimeKey()).rejects.toThrow(CorruptItemError);
    await expect(readServedRealtimeKey()).rejects.toThrow(/since/);
  });

  it("answers 503, not a key of its own, while nothing is served yet; then the served key", async () => {
    Object.assign(process.env, {
      EVENT_API_HTTP_ENDPOINT: "https://abc.appsync-api.eu-west-1.amazonaws.com/event",
      EVENT_API_REALTIME_ENDPOINT: "wss://abc.appsync-realtime-api.eu-west-1.amazonaws.com/event/realtime",
    });
    await db.send(new DeleteCommand({ TableName: tableName(), Key: liveKeys.servedApiKey() }));
    const before = await config();
    expect(before.status).toBe(503);
    expect(before.body.message).toBe("Live updates are starting. Please try again.");
    await dynamoServedKeyStore.serve({
      id: "da2-served",
      since: Date.now(),
      expiresAt: Date.now() + 100 * DAY_MS,
    });
    const after = await config();
    expect(after.status).toBe(200);
    expect(after.body.live).toMatchObject({ transport: "events", apiKey: "da2-served" });
  });
});

describe("the Event API stand-in's keys, rotated by the same adapter and use case", () => {
  let clock = Date.UTC(2027, 0, 1);
  let api: LocalEventApi;
  beforeAll(async () => {
    api = await startLocalEventApi({ apiKey: null, iam: LOCAL_IAM, now: () => clock });
  });
  afterAll(() => api.close());
  const admin = () =>
    appSyncKeyAdmin({ apiId: api.apiId, endpoint: api.controlEndpoint, region: "us-east-1" });

  it("starts with no key: a connection is refused until the rotation makes one", async () => {
    expect(api.keys()).toEqual([]);
    await expect(connectEventsClient(api, "da2-none")).rejects.toThrow();
    const outcome = await rotateRealtimeApiKeys(admin(), dynamoServedKeyStore, clock);
    expect(api.keys().map((k) => k.id)).toEqual([outcome.created]);
    expect(api.apiKey).toBe(outcome.created);
    const client = await connectEventsClient(api, outcome.created);
    expect((await client.subscribe("/auctions/a1")).type).toBe("subscribe_success");
    client.close();
  });

  it("renews the key 30 days before it expires, serves the new one, deletes the old a day later", async () => {
    const first = (await dynamoServedKeyStore.served())!;
    clock = first.expiresAt - 30 * DAY_MS;
    const renewed = await rotateRealtimeApiKeys(admin(), dynamoServedKeyStore, clock);
    expect(renewed.created).toBeDefined();
    expect(renewed).toEqual({ created: renewed.created, served: renewed.created, deleted: [] });
    // Both valid for the day a page may still hold the old one.
    expect((await publishWithKey(api, "/auctions/a1", [{ n: 1 }], first.id)).status).toBe(200);
    clock += DAY_MS;
    expect(await rotateRealtimeApiKeys(admin(), dynamoServedKeyStore, clock)).toEqual({
      deleted: [first.id],
    });
    expect(api.keys().map((k) => k.id)).toEqual([renewed.created]);
    expect((await publishWithKey(api, "/auctions/a1", [{ n: 1 }], first.id)).status).toBe(401);
  });

  it("refuses an expired key on connect, subscribe and publish", async () => {
    const [key] = api.keys();
    const client = await connectEventsClient(api, key!.id);
    clock = key!.expires * 1000;
    expect((await client.subscribe("/auctions/a1")).type).toBe("subscribe_error");
    client.close();
    await expect(connectEventsClient(api, key!.id)).rejects.toThrow();
    expect((await publishWithKey(api, "/auctions/a1", [{ n: 1 }], key!.id)).status).toBe(401);
  });

  it("answers like AppSync: a key beyond 365 days refused, a key that is gone NotFound, unsigned calls 401", async () => {
    await expect(admin().create(clock + 366 * DAY_MS)).rejects.toThrow(/365 days/);
    // Deleting a key another run deleted is what was wanted: no error.
    await expect(admin().delete("da2-gone")).resolves.toBeUndefined();
    const unsigned = await fetch(`${api.controlEndpoint}/v1/apis/${api.apiId}/apikeys`);
    expect(unsigned.status).toBe(401);
  });
});

describe("on the local stack", () => {
  it("the rotation's timer runs the handler against the stand-in, and GET /api/config serves its key", async () => {
    const api = await startLocalEventApi({ apiKey: null, iam: LOCAL_IAM });
    try {
      Object.assign(process.env, {
        EVENT_API_HTTP_ENDPOINT: api.httpEndpoint,
        EVENT_API_REALTIME_ENDPOINT: api.realtimeEndpoint,
        EVENT_API_ID: api.apiId,
        AWS_ENDPOINT_URL_APPSYNC: api.controlEndpoint,
      });
      const rotation = startLocalRealtimeKeyRotation();
      await rotation.sweep();
      await rotation.stop();
      expect(api.keys()).toHaveLength(1);
      const answer = await config();
      expect(answer.body.live).toEqual({
        transport: "events",
        httpEndpoint: api.httpEndpoint,
        realtimeEndpoint: api.realtimeEndpoint,
        apiKey: api.apiKey,
        channelPrefix: "/auctions",
      });
    } finally {
      await api.close();
    }
  });
});

describe("at deploy time (the custom resource)", () => {
  /** CloudFormation's side: a presigned URL that takes one PUT of the answer. */
  async function responseUrl() {
    const answers: Record<string, unknown>[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        answers.push({ method: req.method, ...JSON.parse(Buffer.concat(chunks).toString("utf8")) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    return { url: `http://127.0.0.1:${port}/answer`, answers, close: () => server.close() };
  }
  const request = (url: string, requestType: "Create" | "Delete") => ({
    RequestType: requestType,
    ResponseURL: url,
    StackId: "arn:aws:cloudformation:us-east-1:111111111111:stack/PennyAuction-dev/1",
    RequestId: "request-1",
    LogicalResourceId: "RealtimeApiKeysFirstKey",
    ResourceType: "Custom::RealtimeApiKeys",
    ResourceProperties: {},
  });

  it("serves the first key, then answers SUCCESS; a run that fails answers FAILED with the reason", async () => {
    const api = await startLocalEventApi({ apiKey: null, iam: LOCAL_IAM });
    const cfn = await responseUrl();
    try {
      Object.assign(process.env, { EVENT_API_ID: api.apiId, AWS_ENDPOINT_URL_APPSYNC: api.controlEndpoint });
      expect(await invoke("realtime/rotate-api-keys", request(cfn.url, "Create"))).toBe("SUCCESS");
      expect(api.keys()).toHaveLength(1);
      expect((await dynamoServedKeyStore.served())?.id).toBe(api.keys()[0]!.id);
      expect(cfn.answers[0]).toMatchObject({
        method: "PUT",
        Status: "SUCCESS",
        RequestId: "request-1",
        LogicalResourceId: "RealtimeApiKeysFirstKey",
        PhysicalResourceId: "realtime-api-keys",
      });
      delete process.env.EVENT_API_ID;
      expect(await invoke("realtime/rotate-api-keys", request(cfn.url, "Create"))).toBe("FAILED");
      expect(cfn.answers[1]).toMatchObject({
        Status: "FAILED",
        Reason: expect.stringContaining("EVENT_API_ID"),
      });
      // A Delete touches nothing: the keys go with the API.
      expect(await invoke("realtime/rotate-api-keys", request(cfn.url, "Delete"))).toBe("SUCCESS");
      expect(api.keys()).toHaveLength(1);
    } finally {
      cfn.close();
      await api.close();
    }
  });
});
