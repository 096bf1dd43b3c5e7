// Settings → Apps: whether people of the company may connect AI agents that register themselves
// (MCP hosts over OAuth). Everyone sees the setting; admins change it.
import { z } from "zod";
import { assertAdmin, assertSession } from "@/lib/auth/access.ts";
import { agentConnectionsAllowed, setAgentConnections } from "@/lib/services/oauth/agent-clients.ts";
import { defineOperation } from "../define.ts";

export const agentConnectionsSettingOp = defineOperation({
  name: "apps.agentConnections",
  summary: "Whether agent connections are allowed",
  description: "Whether MCP hosts may connect themselves (dynamic registration or a client ID metadata document) in this company.",
  scope: "settings:read",
  input: z.object({}),
  output: z.object({ allowed: z.boolean() }),
  errors: ["permission_denied"],
  authorize: assertSession,
  run: async ({ tx, principal }) => ({ allowed: await agentConnectionsAllowed(tx, principal.tenantId) }),
});

export const setAgentConnectionsSettingOp = defineOperation({
  name: "apps.setAgentConnections",
  summary: "Allow or forbid agent connections",
  description: "Turns agent connections on or off for the company; off revokes every agent connection and its tokens at once.",
  scope: "settings:write",
  input: z.object({ allowed: z.boolean() }),
  output: z.object({ allowed: z.boolean(), revoked: z.number().int() }),
  errors: ["permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }, { allowed }) => ({ allowed, revoked: await setAgentConnections(tx, principal.tenantId, allowed) }),
  audit: (_input, { allowed, revoked }) => ({
    action: allowed ? "agent_connections.allowed" : "agent_connections.forbidden",
    target: { type: "company" },
    details: { revokedConnections: revoked },
  }),
});
