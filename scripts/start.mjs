// `npm start`: build when the sources are newer than the last build, then serve. On start the
// server migrates the database, seeds the demo tenant and prints how to log in.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { serverArgs } from "./server-args.mjs";

const SOURCES = ["app", "components", "lib", "prisma", "proxy.ts", "instrumentation.ts", "next.config.js", "package.json"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(p)
      .filter((n) => n !== "generated")
      .map((n) => newestMtime(path.join(p, n))),
  );
}

const buildId = path.join(".next", "BUILD_ID");
const stale = !existsSync(buildId) || Math.max(...SOURCES.map(newestMtime)) > statSync(buildId).mtimeMs;
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
if (stale) {
  console.log("Building the app (first start or sources changed)…");
  const built = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// server.mjs serves the build as `next start` would, behind the API's HTTP front.
const server = spawn(process.execPath, serverArgs(process.env.NODE_OPTIONS), { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
