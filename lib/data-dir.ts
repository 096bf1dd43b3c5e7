import path from "node:path";

/** Where a single local instance keeps its state (PGlite files, generated secrets); git-ignored. */
export function dataDir(): string {
  return process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(process.cwd(), ".data");
}
