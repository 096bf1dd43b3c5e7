import { query } from "@/lib/adapters/actions/session-operation.ts";
import { listApiKeysOp } from "@/lib/operations/api-keys/manage-api-keys.ts";
import { listObjectsOp } from "@/lib/operations/objects/list-objects.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { apiBaseUrl, mcpUrl } from "@/lib/config.ts";
import { SCOPE_ONLY_OBJECTS } from "@/lib/schemas/names.ts";
import { ApiKeyTable } from "@/components/settings/api-key-table.tsx";
import { CreateApiKeyForm } from "@/components/settings/create-api-key-form.tsx";
import { McpConnect } from "@/components/settings/mcp-connect.tsx";
import { createKeyAction, revokeKeyAction } from "./actions.ts";

export const metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const [keys, objects, me] = await Promise.all([query(listApiKeysOp, {}), query(listObjectsOp, {}), query(currentUserOp, {})]);
  return (
    <>
      <h1>API keys</h1>
      <p className="lead">
        Keys act as you, narrowed by their scopes. Use them server-side only:{" "}
        <code>curl -H &quot;Authorization: Bearer $KEY&quot; {apiBaseUrl()}/objects</code>
      </p>
      <section className="panel">
        <h2>Generate a key</h2>
        <CreateApiKeyForm
          objects={[...objects.data, ...SCOPE_ONLY_OBJECTS.map((o) => ({ ...o, custom: false }))]}
          createKeyAction={createKeyAction}
        />
      </section>
      <section className="panel">
        <h2>Your keys</h2>
        <ApiKeyTable keys={keys.data} revokeKeyAction={revokeKeyAction} showRequests={me.isAdmin} />
      </section>
      <section className="panel" aria-label="Connect an AI agent">
        <h2>Connect an AI agent (MCP)</h2>
        <McpConnect url={mcpUrl()} />
      </section>
    </>
  );
}
