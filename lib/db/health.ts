import { getDatabase } from "./client.ts";

/** Opens (and migrates) the database if needed and checks that it answers. */
export async function databaseHealth(): Promise<{ engine: string }> {
  const db = await getDatabase();
  await db.prisma.$queryRaw`SELECT 1`;
  return { engine: db.engine };
}
