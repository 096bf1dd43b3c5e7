import { getDatabase } from "./client.ts";

/** A health check answers within this, even when the database is frozen. */
const HEALTH_TIMEOUT_MS = 2_000;

async function check(): Promise<{ engine: string }> {
  const db = await getDatabase();
  await db.ping();
  return { engine: db.engine };
}

/**
 * The engine when the database answers; throws (within HEALTH_TIMEOUT_MS) when it is down,
 * frozen or not open yet. Opens the database if nothing has yet.
 */
export async function databaseHealth(): Promise<{ engine: string }> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`The database did not answer within ${HEALTH_TIMEOUT_MS} ms`), { code: "ETIMEDOUT" })),
      HEALTH_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([check(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
