import { boundedClient } from "./bounded-client.ts";

/** A statement on the owner's session: text with $n parameters, its rows. */
export interface OwnerSession {
  query<R>(text: string, values?: unknown[]): Promise<R[]>;
}

export interface OwnerSessionOptions {
  connectMs: number;
  /** Every statement's limit, sent as the session's statement_timeout (and a little more for its answer). */
  statementMs: number;
}

/** The answer's margin past the statement's own limit: the database cancels first and says so. */
const ANSWER_MARGIN_MS = 5_000;

/**
 * `fn` on a session of its own on the schema owner's login, outside any transaction, then the
 * session ends (and with it any session-level lock `fn` took, a kill -9 of this process included).
 * For the maintenance crm_app may not do and no transaction may hold (VACUUM); background jobs
 * only, never a request: requests run as crm_app.
 */
export async function withOwnerSession<T>(ownerUrl: string, o: OwnerSessionOptions, fn: (s: OwnerSession) => Promise<T>): Promise<T> {
  const Client = boundedClient({ connectMs: o.connectMs, queryMs: o.statementMs + ANSWER_MARGIN_MS });
  const client = new Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(`SET statement_timeout = ${Math.floor(o.statementMs)}`);
    return await fn({ query: async <R>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as R[] });
  } finally {
    await client.end().catch(() => undefined);
  }
}
