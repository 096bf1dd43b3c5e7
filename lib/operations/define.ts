import type { z } from "zod";
import type { Prisma } from "@/lib/db/generated/client.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx, Tx } from "@/lib/db/tenant.ts";
import type { ErrorCode } from "@/lib/errors/error-table.ts";

export interface OperationContext<T extends SqlTx = Tx> {
  tx: T;
  principal: Principal;
  requestId: string;
}

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface HttpBinding {
  method: HttpMethod;
  /** Relative to /api/v1, OpenAPI style: `/objects/{apiName}`. */
  path: string;
  /** Success status (200 unless stated). */
  status?: number;
  /** The input key that receives the JSON body; other keys come from the path and query. */
  body?: string;
}

/**
 * One operation, declared once. REST routes, the OpenAPI document (and later MCP tools) are all
 * generated from these fields; `run` knows nothing about HTTP.
 */
export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, T extends SqlTx = Tx> {
  name: string;
  summary: string;
  description: string;
  /** The OAuth-style scope this needs, for documentation; `authorize` enforces the details. */
  scope: string;
  http?: HttpBinding;
  input: I;
  output: O;
  /** Errors besides the ones every authenticated call can give (401, 429, 500). */
  errors: ErrorCode[];
  /** Throws an AppError when the principal may not do this; runs after the input is parsed. */
  authorize(principal: Principal, input: z.output<I>): void;
  /**
   * "sql": the operation needs only SQL and runs on the driver's transaction (the API's hot
   * paths); "prisma": it gets Prisma's transaction client with the models (settings).
   */
  db: "sql" | "prisma";
  run(ctx: OperationContext<T>, input: z.output<I>): Promise<z.input<O>>;
  /**
   * A read `run` will start with, guessed from the raw input before the credential is checked,
   * to travel with the credential lookup (SqlTx.prefetch). Its answer is used only if `run` then
   * asks exactly that statement, after every check has passed.
   */
  prefetch?(tenantId: string, raw: Record<string, unknown>): Prisma.Sql | undefined;
}

export function defineOperation<I extends z.ZodType, O extends z.ZodType>(op: Omit<Operation<I, O, Tx>, "db">): Operation<I, O, Tx> {
  return { ...op, db: "prisma" };
}

export function defineSqlOperation<I extends z.ZodType, O extends z.ZodType>(op: Omit<Operation<I, O, SqlTx>, "db">): Operation<I, O, SqlTx> {
  return { ...op, db: "sql" };
}
