import { describe, expect, it } from "vitest";
import { handlerEnvironment } from "../../../scripts/local/stack-env.ts";

describe("the local handlers' environment", () => {
  const ports = { dynamo: 8100, gateway: 3100, web: 5200 };

  it("points the handlers at this stack's table, gateway and site", () => {
    const env = handlerEnvironment(ports, "t1");
    expect(env).toMatchObject({
      TABLE_NAME: "t1",
      AWS_ENDPOINT_URL_DYNAMODB: "http://127.0.0.1:8100",
      LOCAL_SCHEDULER_URL: "http://127.0.0.1:3100",
      WS_MANAGEMENT_ENDPOINT: "http://127.0.0.1:3100",
      SITE_URL: "http://localhost:5200",
      ALLOWED_ORIGINS: "http://localhost:5200,http://127.0.0.1:5200",
      WEB_PORT: "5200",
      LOCAL_STACK: "1",
    });
    expect(env.ORIGIN_SECRET).toBeTruthy();
  });

  it("without Vite names no web port and allows the default site's origins", () => {
    const env = handlerEnvironment({ ...ports, web: 0 }, "t1");
    expect(env.WEB_PORT).toBeUndefined();
    expect(env.ALLOWED_ORIGINS).toBe("http://localhost:5173,http://127.0.0.1:5173");
  });

  it("lets the caller's values win, and undefined remove a name", () => {
    const env = handlerEnvironment(ports, "t1", { BID_VALUE: "0.50", LOCAL_STACK: undefined });
    expect(env.BID_VALUE).toBe("0.50");
    expect("LOCAL_STACK" in env).toBe(false);
  });
});
