import { injectLambdaContext } from "@aws-lambda-powertools/logger/middleware";
import middy, { type MiddyfiedHandler } from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import type { ZodMiniType } from "#shared/schemas/zod";
import { paymentProviderName } from "../config/payment-provider.ts";
import { adminTwoFactorRequired } from "../config/runtime.ts";
import { Refusal } from "../domain/errors.ts";
import { staffSessionAllowed, TWO_FACTOR_MESSAGES, TWO_FACTOR_REQUIRED_CODE } from "../domain/two-factor.ts";
import { logger } from "../observability/logger.ts";
import { type HttpRoute, routeOfHandler } from "../routes.ts";
import { clientIp } from "./client-ip.ts";
import { checkCsrf } from "./csrf.ts";
import { badRequest, forbidden, notFound, serviceUnavailable, statusOf, unauthorized } from "./errors.ts";
import { verifyCameThroughCloudFront } from "./origin-lock.ts";
import { type Auth, resolveSession } from "./session.ts";
import { isTransientAwsError } from "./transient-errors.ts";

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export interface RouteContext<Body, Params, Query, A extends Auth | null = Auth | null, Pre = undefined> {
  /** What the route's `prefetch` started, read while the session was being resolved. */
  prefetched: Promise<Pre> | undefined;
  body: Body;
  params: Params;
  query: Query;
  /** The signed-in user; null only on a public route called anonymously. */
  auth: A;
  /** Milliseconds since the epoch, read once per request: the server clock decides. */
  now: number;
  rawBody: string;
  event: ApiEvent;
  route: HttpRoute;
}

/** A non-200 answer or one that sets cookies; a handler returning anything else answers 200 with it. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly cookies: string[] = [],
  ) {}
}
export const reply = (status: number, body: unknown, cookies: string[] = []) =>
  new Reply(status, body, cookies);

/**
 * A 200 answer with response headers of its own; the route's edge caching applies as to any 200.
 * `immutable`: this answer will never change (a route with `edgeCacheImmutable`), so the edge and
 * browsers may keep it for good.
 */
export class WithHeaders {
  constructor(
    readonly body: unknown,
    readonly headers: Record<string, string>,
    readonly caching: { immutable?: boolean } = {},
  ) {}
}

/** A schema whose output is T, whatever it accepts (a body is unknown JSON until it parses). */
type Schema<T> = ZodMiniType<T, unknown>;
interface Schemas<B, P, Q, Pre> {
  body?: Schema<B>;
  params?: Schema<P>;
  query?: Schema<Q>;
  /**
   * A read the logic will need whoever calls, started from valid path parameters at the same time as
   * the session's (the bid's auction): one round trip instead of two. Its result is used only once the
   * caller is allowed.
   */
  prefetch?: (params: P) => Promise<Pre>;
}

const MAX_BODY_BYTES = 64 * 1024;
export const NOT_THROUGH_SITE = "Requests must come through the site";
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function json(
  status: number,
  body: unknown,
  cookies: string[] = [],
  extraHeaders: Record<string, string> = {},
) {
  return {
    statusCode: status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...extraHeaders,
    },
    cookies,
    // 204 No Content carries no body at all (HTTP forbids one).
    body: status === 204 ? "" : JSON.stringify(body ?? null),
  } satisfies ApiResult;
}

export function rawBodyOf(event: ApiEvent): string {
  if (!event.body) return "";
  return event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
}

function parseWith<T>(schema: Schema<T> | undefined, input: unknown, what: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  const message = first
    ? first.path
      ? `${first.path}: ${first.message}`
      : first.message
    : `Invalid ${what}`;
  throw badRequest(message, { issues });
}

function parseJsonBody(raw: string): unknown {
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest("Malformed JSON body");
  }
}

function enforceRole(route: HttpRoute, auth: Auth | null) {
  if (route.role === "public") return;
  if (!auth) throw unauthorized();
  if (route.role === "user") return;
  if (auth.role !== route.role) throw forbidden();
  const staffAllowed = staffSessionAllowed({
    role: auth.role,
    required: adminTwoFactorRequired(),
    sessionHasSecondFactor: auth.secondFactor,
  });
  // The code word lets the web send the admin to the enrolment page instead of showing a dead end.
  if (!staffAllowed) {
    throw new Refusal("forbidden", TWO_FACTOR_MESSAGES.staffMustEnrol, { code: TWO_FACTOR_REQUIRED_CODE });
  }
}

type Logic<Body, Params, Query, A extends Auth | null, Pre> = (
  ctx: RouteContext<Body, Params, Query, A, Pre>,
) => Promise<unknown>;

/**
 * A route's own logic and schemas, not yet bound to a route: the route is the one of the file it lives
 * in, found by its path (functions/handlers/<area>/<name>.ts serves the table's handler "<area>/<name>"),
 * so no handler names itself. The bundle's entry and the local stack bind it with `serve`.
 */
export interface RouteDefinition {
  /** A public definition gets `auth: Auth | null` and may serve public routes only; the others, the rest. */
  readonly public: boolean;
  serve(handlerId: string): ServedRoute;
}

/** A route's Lambda handler; its schemas travel with it so tests derive hostile input from what it checks. */
export type ServedRoute = MiddyfiedHandler<ApiEvent, ApiResult, Error, Context> & {
  schemas: { body?: Schema<unknown>; params?: Schema<unknown>; query?: Schema<unknown> };
};

/** The logic of a route only signed-in callers reach (`role` user, seller or admin): `auth` is never null. */
export function defineRoute<Body = undefined, Params = undefined, Query = undefined, Pre = undefined>(
  schemas: Schemas<Body, Params, Query, Pre>,
  logic: Logic<Body, Params, Query, Auth, Pre>,
): RouteDefinition {
  // serve() refuses a public route, and enforceRole an anonymous caller on the others.
  const anyCaller = logic as Logic<Body, Params, Query, Auth | null, Pre>;
  return { public: false, serve: (handlerId) => serveRoute(handlerId, false, schemas, anyCaller) };
}

/** The logic of a public route: `auth` is the signed-in caller, or null for an anonymous one. */
export function definePublicRoute<Body = undefined, Params = undefined, Query = undefined, Pre = undefined>(
  schemas: Schemas<Body, Params, Query, Pre>,
  logic: Logic<Body, Params, Query, Auth | null, Pre>,
): RouteDefinition {
  return { public: true, serve: (handlerId) => serveRoute(handlerId, true, schemas, logic) };
}

/**
 * Wraps a route's own logic in the one pipeline every HTTP handler shares (`run` below: the origin
 * lock, the route's role from functions/routes.ts, CSRF, session, JSON parsing, zod validation of
 * body/params/query) and maps errors to `{message}` with the right status (never a stack trace). middy
 * only carries Powertools' logger context around it.
 */
function serveRoute<Body, Params, Query, Pre>(
  handlerId: string,
  isPublic: boolean,
  schemas: Schemas<Body, Params, Query, Pre>,
  logic: Logic<Body, Params, Query, Auth | null, Pre>,
): ServedRoute {
  const route = routeOfHandler(handlerId);
  if ((route.role === "public") !== isPublic) {
    throw new Error(
      `functions/handlers/${handlerId}.ts serves a ${route.role} route: it must use ${route.role === "public" ? "definePublicRoute" : "defineRoute"}`,
    );
  }
  const handler = middy<ApiEvent, ApiResult, Error, Context>()
    // Every log line of the request carries the function, its request id and whether it was a cold start.
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      const started = Date.now();
      const requestId = event.requestContext?.requestId ?? "local";
      let result: ApiResult;
      try {
        result = await run(event);
      } catch (error) {
        result = errorResult(error, requestId);
      }
      logger.info("request", {
        requestId,
        method: route.method,
        route: route.path,
        status: result.statusCode,
        ms: Date.now() - started,
        // API Gateway's access log can only name the CloudFront edge; the viewer's address is logged here.
        viewer: clientIp(event),
      });
      return result;
    });
  // The schemas travel with the handler so tests can derive hostile input from exactly what it checks.
  return Object.assign(handler, { schemas });

  async function run(event: ApiEvent): Promise<ApiResult> {
    if (!(await verifyCameThroughCloudFront(event.headers))) throw forbidden(NOT_THROUGH_SITE);
    if (route.localPaymentsOnly && paymentProviderName() !== "local") throw notFound("Not found");
    if (route.localStackOnly && process.env.LOCAL_STACK !== "1") throw notFound("Not found");
    const method = event.requestContext?.http?.method ?? route.method;
    if (MUTATING.has(method) && !route.csrfExempt) checkCsrf(event);
    const now = Date.now();
    const rawBody = rawBodyOf(event);
    if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) throw new Refusal("too-large", "Request body too large");
    const prefetched = startPrefetch(event);
    const session = await resolveSession(event, now);
    enforceRole(route, session.auth);
    const body = schemas.body ? parseWith(schemas.body, parseJsonBody(rawBody), "body") : (undefined as Body);
    const params = parseWith(schemas.params, event.pathParameters ?? {}, "path");
    const query = parseWith(schemas.query, event.queryStringParameters ?? {}, "query");
    const auth = session.auth;
    const out = await logic({ prefetched, body, params, query, auth, now, rawBody, event, route });
    const cookies = [...session.cookies];
    if (out instanceof Reply) return json(out.status, out.body, [...cookies, ...out.cookies]);
    const signedIn = session.auth !== null;
    if (out instanceof WithHeaders) {
      const caching = edgeCacheHeaders(route, signedIn, out.caching.immutable === true);
      return json(200, out.body, cookies, { ...out.headers, ...caching });
    }
    const caching = edgeCacheHeaders(route, signedIn);
    return json(200, out, cookies, caching);
  }

  function startPrefetch(event: ApiEvent): Promise<Pre> | undefined {
    if (!schemas.prefetch) return undefined;
    const params = schemas.params ? schemas.params.safeParse(event.pathParameters ?? {}) : null;
    if (params && !params.success) return undefined;
    const started = schemas.prefetch((params?.data ?? undefined) as Params);
    // Refused callers never await it: its failure must not surface as an unhandled rejection.
    started.catch(() => {});
    return started;
  }
}

/** A year: what "for good" means to a cache (RFC 9111 advises no longer). */
const IMMUTABLE_CACHE_SECONDS = 31_536_000;

/**
 * Public reads the edge may share for a moment; browsers still revalidate every poll. A personal
 * answer (a signed-in caller's own part) is never stored. An answer that can never change again, on
 * a route whose edge behaviour honours it (`edgeCacheImmutable`), is kept for good everywhere.
 */
function edgeCacheHeaders(route: HttpRoute, signedIn: boolean, immutable = false): Record<string, string> {
  if (!route.edgeCacheSeconds) return {};
  if (route.personalWhenSignedIn && signedIn) return { "cache-control": "private, no-store" };
  if (immutable && route.edgeCacheImmutable) {
    return {
      "cache-control": `public, max-age=${IMMUTABLE_CACHE_SECONDS}, s-maxage=${IMMUTABLE_CACHE_SECONDS}, immutable`,
    };
  }
  return { "cache-control": `public, max-age=0, s-maxage=${route.edgeCacheSeconds}` };
}

export function errorResult(error: unknown, requestId: string): ApiResult {
  if (error instanceof Refusal) {
    const status = statusOf(error);
    const retryAfter = status === 429 || status === 503 ? { "retry-after": "1" } : undefined;
    return json(status, { message: error.message, ...error.details }, [], retryAfter);
  }
  if (isTransientAwsError(error)) {
    // Throttling, a conflicting transaction, a timeout after the SDK's retries: worth trying again later.
    logger.warn("transient AWS fault", { requestId, error: error as Error });
    return json(503, { message: serviceUnavailable().message, requestId }, [], { "retry-after": "1" });
  }
  logger.error("unhandled error", { requestId, error: error as Error });
  return json(500, { message: "Something went wrong. Please try again.", requestId });
}
