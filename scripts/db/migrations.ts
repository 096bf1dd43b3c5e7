/**
 * Authoring and drift check for prisma/migrations, offline: Prisma's schema engine compiled to
 * wasm diffs "the migrations folder" against "schema.prisma", replaying the migrations in an
 * in-memory PGlite shadow database.
 *
 *   tsx scripts/db/migrations.ts new <name>   writes the next migration (if the schema changed)
 *   tsx scripts/db/migrations.ts check        exits 1 when schema.prisma and the migrations disagree
 */
import { readFile, mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { openPglite } from "../../lib/db/pglite.ts";
import { readMigrations } from "../../lib/db/migrate.ts";

type Adapter = Awaited<ReturnType<PrismaPGlite["connect"]>>;
interface AdapterInternals {
  client: { exec(sql: string): Promise<unknown>; close(): Promise<void> };
  onError(e: unknown): never;
}

// pglite-prisma-adapter 0.7.2 does not await exec() in executeScript (a failing shadow replay
// would go unnoticed) and gives the shadow database no extensions: patch both for this script.
function awaitScripts(adapter: Adapter): Adapter {
  const inner = adapter as unknown as AdapterInternals;
  adapter.executeScript = async (sql: string) => {
    try {
      await inner.client.exec(sql);
    } catch (e) {
      inner.onError(e);
    }
  };
  return adapter;
}

async function shadowFactory(): Promise<SqlMigrationAwareDriverAdapterFactory> {
  const main = new PrismaPGlite(await openPglite("memory://"));
  return {
    provider: "postgres",
    adapterName: main.adapterName,
    connect: async () => awaitScripts(await main.connect()),
    connectToShadowDb: async () => {
      const db = await openPglite("memory://");
      const adapter = awaitScripts(await new PrismaPGlite(db).connect());
      adapter.dispose = () => db.close();
      return adapter;
    },
  };
}

interface DiffResult {
  exitCode: number;
  stdout: string;
}
interface Engine {
  diff(params: unknown): Promise<DiffResult>;
  free(): void;
}
interface EngineRuntime {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
  SchemaEngine: { new: (opts: unknown, log: (s: string) => void, adapter: unknown) => Promise<Engine> };
}

async function loadEngine(schemaPath: string, schema: string): Promise<Engine> {
  const runtime = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as unknown as EngineRuntime;
  const require = createRequire(import.meta.url);
  const wasmPath = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm")), "schema_engine_bg.wasm");
  const instance = new WebAssembly.Instance(new WebAssembly.Module(await readFile(wasmPath)), {
    "./schema_engine_bg.js": runtime as unknown as WebAssembly.ModuleImports,
  });
  runtime.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  const factory = bindMigrationAwareSqlAdapterFactory(await shadowFactory());
  return runtime.SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, () => undefined, factory);
}

async function diffAgainstSchema(): Promise<DiffResult> {
  const schemaPath = "prisma/schema.prisma";
  const schema = await readFile(schemaPath, "utf8");
  const migrationsDir = path.resolve("prisma/migrations");
  const lock = await readFile(path.join(migrationsDir, "migration_lock.toml"), "utf8").catch(() => null);
  const migrations = await readMigrations(migrationsDir).catch(() => []);
  const engine = await loadEngine(schemaPath, schema);
  try {
    return await engine.diff({
      from: {
        tag: "migrations",
        baseDir: migrationsDir,
        lockfile: { path: "migration_lock.toml", content: lock },
        shadowDbInitScript: "",
        migrationDirectories: migrations.map((m) => ({
          path: m.name,
          migrationFile: { path: "migration.sql", content: { tag: "ok", value: m.sql } },
        })),
      },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    });
  } finally {
    engine.free();
  }
}

function timestamp(d = new Date()): string {
  return d.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

async function main() {
  const [command, name] = process.argv.slice(2);
  const result = await diffAgainstSchema();
  const changed = result.exitCode === 2;
  if (command === "check") {
    if (changed) {
      console.error("schema.prisma and prisma/migrations disagree; the missing migration would be:\n" + result.stdout);
      process.exit(1);
    }
    console.log("prisma/migrations match schema.prisma");
    return;
  }
  if (command === "new" && name && /^[a-z0-9_]+$/.test(name)) {
    if (!changed) {
      console.log("schema.prisma has no changes to migrate");
      return;
    }
    const dir = path.resolve("prisma/migrations", `${timestamp()}_${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "migration.sql"), result.stdout.replace(/\r\n/g, "\n"));
    await writeFile(path.resolve("prisma/migrations/migration_lock.toml"), 'provider = "postgresql"\n');
    console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
    return;
  }
  console.error("usage: migrations.ts new <snake_case_name> | check");
  process.exit(2);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
