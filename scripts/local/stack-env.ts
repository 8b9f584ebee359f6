/**
 * What the local stack listens on and what its handlers read: the ports (0 for one the OS picks, a
 * fixed one refused when taken) and the environment that stands in for a deployed function's (TABLE_NAME, endpoints, limits).
 */
import { randomBytes } from "node:crypto";
import { LOCAL_REGION } from "./dynamo.ts";
import { portIsFree } from "./ports.ts";

export interface LocalPorts {
  dynamo: number;
  gateway: number;
  /** 0 when Vite does not run. */
  web: number;
}

function portOption(value: number | undefined, envName: string, fallback: number): number {
  if (value !== undefined) return value;
  const raw = process.env[envName];
  return raw ? Number(raw) : fallback;
}

/**
 * The ports asked for (options, else DYNAMO_PORT/GATEWAY_PORT/WEB_PORT, else 8000/3001/5173), a fixed
 * one checked free before anything starts. 0 stays 0: each server binds port 0 itself and reports the
 * port it got, as a port chosen here and bound later could meanwhile be taken by another server.
 */
export async function resolvePorts(
  asked: { dynamo?: number; gateway?: number; web?: number } | undefined,
  withVite: boolean,
): Promise<LocalPorts> {
  const dynamo = portOption(asked?.dynamo, "DYNAMO_PORT", 8000);
  const gateway = portOption(asked?.gateway, "GATEWAY_PORT", 3001);
  const web = withVite ? portOption(asked?.web, "WEB_PORT", 5173) : 0;
  await assertPortsFree([
    ["DynamoDB Local", "DYNAMO_PORT", dynamo],
    ["gateway", "GATEWAY_PORT", gateway],
    ...(withVite ? [["Vite", "WEB_PORT", web] as [string, string, number]] : []),
  ]);
  return { dynamo, gateway, web };
}

/** The handlers' environment for this stack; `overrides` win (undefined removes a name). */
export function handlerEnvironment(
  ports: LocalPorts,
  tableName: string,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const dynamoEndpoint = `http://127.0.0.1:${ports.dynamo}`;
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  const stripe = !!process.env.STRIPE_SECRET_KEY;
  const env: Record<string, string> = {
    TABLE_NAME: tableName,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local",
    AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
    ALLOWED_ORIGINS: `http://localhost:${ports.web || 5173},http://127.0.0.1:${ports.web || 5173}`,
    PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || (stripe ? "stripe" : "local"),
    // Lets the local provider use the public development webhook secret (nowhere else may).
    LOCAL_STACK: "1",
    // Every browser here comes from 127.0.0.1.
    REGISTRATIONS_PER_ADDRESS: "1000",
    SUPPORT_MESSAGES_PER_ADDRESS: "1000",
    SOCKETS_PER_ADDRESS: "10000",
    // The origin lock, as deployed: only requests through the site's proxy (Vite here) reach the API.
    ORIGIN_SECRET: process.env.ORIGIN_SECRET || randomBytes(24).toString("hex"),
    LOCAL_SCHEDULER_URL: gatewayUrl,
    WS_MANAGEMENT_ENDPOINT: gatewayUrl,
    // Where emails link back to.
    SITE_URL: `http://localhost:${ports.web || 5173}`,
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL || "WARN",
    GATEWAY_PORT: String(ports.gateway),
    DYNAMO_PORT: String(ports.dynamo),
  };
  if (ports.web) env.WEB_PORT = String(ports.web);
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Fails before anything starts when a port is taken (another dev stack, a stray Vite…). */
async function assertPortsFree(ports: Array<[string, string, number]>) {
  const taken: string[] = [];
  for (const [what, envName, port] of ports) {
    if (port !== 0 && !(await portIsFree(port)))
      taken.push(`${what} port ${port} is in use (choose another with ${envName}=…)`);
  }
  if (taken.length) {
    throw new Error(`${taken.join("; ")}. Is another dev stack running? (pgrep -af "DynamoDBLocal|vite")`);
  }
}
