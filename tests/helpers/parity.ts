/**
 * MCP/REST parity: the same input given to an operation's REST route and to its MCP tool gives
 * the same result, or the same error (status, `error`, `message`, `code`, details). Tables of
 * cases live in tests/guards/parity/; tests/integration/guards/mcp-rest-parity.test.ts runs them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/adapters/route-handler.ts";
import { ERROR_TABLE, type ErrorCode } from "@/lib/errors/error-table.ts";
import type { ErrorBody } from "@/lib/errors/to-response.ts";
import type { Operation } from "@/lib/operations/define.ts";
import { createTestKey, createTestTenant, type TestTenant } from "./fixtures.ts";
import { mcpClient, resultText, toolErrorText, type McpTestClient } from "./mcp.ts";
import { call, type CallResult } from "./rest.ts";
import { restRoute } from "./rest-route.ts";

/** A REST request; the method is the operation's. `path` is relative to /api/v1, e.g. `/company/{id}` filled in. */
export interface RestRequest {
  path: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
}

type Maybe<T> = T | Promise<T>;

export interface ParityCase<Ctx> {
  /** What the case shows, for the test name. */
  name: string;
  /** REST's status for this input: the tool must succeed when it is 2xx and fail alike otherwise. */
  status: number;
  rest(ctx: Ctx): Maybe<RestRequest>;
  /** The tool arguments that say the same as `rest`. */
  mcp(ctx: Ctx): Maybe<Record<string, unknown>>;
  /**
   * For successes whose results differ by design (each side created its own record): asserts they
   * agree otherwise. By default the tool's result equals REST's body, mapped by the tool's toResult.
   */
  compare?(rest: unknown, tool: unknown): void;
}

export interface ParityEntry<Ctx> {
  /** Sets up what the cases need in a fresh tenant; `key` is the admin key both surfaces use. */
  prepare(t: TestTenant, key: string): Promise<Ctx>;
  cases: ParityCase<Ctx>[];
}

/** One area's parity entries keyed by operation name. Build entries with `parity()`, so each keeps its own Ctx. */
export type ParityTable = Record<string, ParityEntry<unknown>>;

/** Infers an entry's Ctx from its `prepare`, then lets it sit in a ParityTable beside others. */
export const parity = <Ctx>(e: ParityEntry<Ctx>): ParityEntry<unknown> => e;

/** The router's handler of the operation's method and path (lib/adapters/api-router.ts). */
async function routeHandler(op: Operation): Promise<RouteHandler> {
  return restRoute(op.http!.path)[op.http!.method];
}

/** The path parameters of `concrete` by the operation's path template, which it must match. */
function pathParams(op: Operation, concrete: string): Record<string, string> {
  const pattern = new RegExp(`^${op.http!.path.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`);
  const match = pattern.exec(concrete);
  if (!match) throw new Error(`${op.name}: ${concrete} does not match ${op.http!.path}`);
  return Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
}

/** An error answer without its per-request id, which differs by design. */
function withoutRequestId(body: unknown): Omit<ErrorBody, "requestId"> {
  const { requestId: _requestId, ...rest } = body as ErrorBody;
  return rest;
}

/** The parity tests of one operation: every case through both surfaces, and what cases it must have. */
export function mcpRestParity(op: Operation, entry: ParityEntry<unknown>): void {
  const http = op.http;
  const tool = op.mcp;
  if (!http || !tool) throw new Error(`${op.name} needs both an HTTP and an MCP binding for parity`);
  describe(`${op.name} ${http.method} ${http.path} = ${tool.tool}: MCP/REST parity`, () => {
    let key: string;
    let ctx: unknown;
    let client: McpTestClient;
    let route: RouteHandler;
    beforeAll(async () => {
      const t = await createTestTenant("parity");
      key = (await createTestKey(t, { allowDelete: true, rateLimit: 100_000 })).secret;
      ctx = await entry.prepare(t, key);
      client = await mcpClient("v2-modern", key);
      route = await routeHandler(op);
    });
    afterAll(() => client?.close());

    // Both surfaces use the admin key: insufficient_scope, an OAuth token's error, is no case here.
    const keyErrors = op.errors.filter((e) => e !== "insufficient_scope");
    it("has a success case, and a failure case unless the operation declares no errors a key can meet", () => {
      const statuses = entry.cases.map((c) => c.status);
      expect(
        statuses.some((s) => s < 400),
        "a success case",
      ).toBe(true);
      if (keyErrors.length > 0)
        expect(
          statuses.some((s) => s >= 400),
          `a failure case (${op.name} declares ${keyErrors.join(", ")})`,
        ).toBe(true);
    });

    for (const c of entry.cases) {
      it(`${c.name}: ${c.status} on both`, async () => {
        const req = await c.rest(ctx);
        const args = await c.mcp(ctx);
        const res: CallResult = await call(route, {
          auth: key,
          method: http.method,
          path: req.path,
          params: pathParams(op, req.path),
          query: req.query,
          body: req.body,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(c.status);
        const result = await client.callTool({ name: tool.tool, arguments: args });
        if (c.status < 400) {
          expect(result.isError, resultText(result)).toBeFalsy();
          const expected = tool.toResult ? tool.toResult(res.body, args) : res.body;
          if (c.compare) c.compare(expected, result.structuredContent);
          else expect(result.structuredContent).toEqual(expected);
          return;
        }
        expect(result.isError, JSON.stringify(result.structuredContent)).toBe(true);
        const restError = withoutRequestId(res.body);
        expect(withoutRequestId(result._meta?.["crm/error"])).toEqual(restError);
        expect(resultText(result)).toBe(toolErrorText(res));
        const code: ErrorCode = restError.code;
        expect(ERROR_TABLE[code].status, code).toBe(res.status);
        expect(op.errors, `${op.name} answers ${code}, so its declared errors (and the OpenAPI document) must list it`).toContain(code);
      });
    }
  });
}
