// Settings → API keys: list, generate (secret shown once) and revoke keys (people, in the browser)
import { z } from "zod";
import { assertSession } from "@/lib/auth/access.ts";
import { apiKeyInputSchema, apiKeySummarySchema } from "@/lib/schemas/api-keys.ts";
import { findVisibleApiKeys, issueApiKey, markApiKeyRevoked } from "@/lib/services/api-keys/api-keys.ts";
import { defineOperation } from "../define.ts";

// Keys are managed by signed-in people, never by other keys (assertSession).
export const listApiKeysOp = defineOperation({
  name: "apiKeys.list",
  summary: "List API keys",
  description: "Your API keys (an admin sees every key of the tenant), with last-used times.",
  scope: "settings:api-keys",
  input: z.object({}),
  output: z.object({ data: z.array(apiKeySummarySchema) }),
  errors: ["permission_denied"],
  authorize: assertSession,
  run: async ({ tx, principal }) => ({ data: await findVisibleApiKeys(tx, principal) }),
});

export const createApiKeyOp = defineOperation({
  name: "apiKeys.create",
  summary: "Generate an API key",
  description: "Generates a key that acts as you, limited by its scopes. The secret is returned once.",
  scope: "settings:api-keys",
  input: apiKeyInputSchema,
  output: z.object({ key: apiKeySummarySchema, secret: z.string() }),
  errors: ["invalid_request", "permission_denied"],
  authorize: assertSession,
  run: ({ tx, principal }, input) => issueApiKey(tx, principal, input),
  audit: (_input, { key }) => ({
    action: "api_key.created",
    target: { type: "api_key", id: key.id, label: key.name },
    details: { prefix: key.prefix, readOnly: key.readOnly, allowedObjects: key.allowedObjects, allowDelete: key.allowDelete },
  }),
});

export const revokeApiKeyOp = defineOperation({
  name: "apiKeys.revoke",
  summary: "Revoke an API key",
  description: "Revokes a key at once; requests with it get 401.",
  scope: "settings:api-keys",
  input: z.object({ id: z.uuid() }),
  output: apiKeySummarySchema,
  errors: ["not_found", "permission_denied"],
  authorize: assertSession,
  run: ({ tx, principal }, { id }) => markApiKeyRevoked(tx, principal, id),
  audit: (_input, key) => ({
    action: "api_key.revoked",
    target: { type: "api_key", id: key.id, label: key.name },
    details: { prefix: key.prefix },
  }),
});
