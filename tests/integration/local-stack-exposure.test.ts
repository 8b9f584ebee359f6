import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dynamoLocalCommand } from "../../scripts/local/dynamo.ts";

/**
 * The local addresses listening on `port`, read from the kernel's socket tables (no traffic sent):
 * hex as /proc/net/tcp{,6} write them, e.g. 0100007F (127.0.0.1) or 00000000 (every interface).
 */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const LISTEN = "0A";
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === LISTEN)
      .map((cols) => cols[1]!.split(":")[0]!),
  );
}

/** 127.0.0.1 in IPv4, or as the IPv4-mapped IPv6 address ::ffff:127.0.0.1, as the kernel writes them. */
const LOOPBACK = new Set(["0100007F", "0000000000000000FFFF00000100007F"]);

describe("DynamoDB Local", () => {
  it("is started through the loopback launcher, with telemetry off", () => {
    const { args } = dynamoLocalCommand({ port: 8000, path: null });
    expect(args).toContain("LoopbackDynamoDBLocal");
    expect(args).toContain("-disableTelemetry");
  });

  it("listens on 127.0.0.1 only", () => {
    const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
    const addresses = listeningAddresses(port);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(LOOPBACK.has(address), address).toBe(true);
  });
});
