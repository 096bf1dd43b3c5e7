export { createCrmClient, type CallMethod, type CrmClient, type CrmClientOptions, type PaginateMethod, type Success } from "./client.ts";
export { CrmError, retryAfterSeconds, type CrmErrorBody } from "./errors.ts";
export {
  authorizationUrl,
  codeChallenge,
  exchangeCode,
  OAuthError,
  oauthSession,
  refreshTokens,
  revokeToken,
  type OAuthClient,
  type OAuthSession,
  type TokenSet,
} from "./oauth.ts";
export type { components, operations, paths } from "./openapi.ts";
export { nextQuery, type ItemOf } from "./paginate.ts";
export { crmFetch, type TransportOptions } from "./transport.ts";
export { verifyWebhook, WebhookVerificationError, type VerifyOptions, type WebhookEvent } from "./webhooks.ts";
