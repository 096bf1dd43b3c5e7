/**
 * What the audit log records, by action name (`<target>.<verb>`): configuration and access
 * changes and sign-ins, never record data (records have their own history in webhooks and events).
 */
export const AUDIT_ACTIONS = {
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "app.registered": "App registered",
  "app.published": "App published",
  "app.secret_rotated": "App client secret rotated",
  "app.installed": "App installed (OAuth consent)",
  "app.uninstalled": "App uninstalled",
  "agent.connected": "Agent connected (OAuth consent)",
  "agent.revoked": "Agent connection revoked",
  "agent_connections.allowed": "Agent connections allowed",
  "agent_connections.forbidden": "Agent connections forbidden",
  "oauth_token.revoked": "OAuth token revoked",
  "widget.declared": "Widget declared",
  "widget.removed": "Widget removed",
  "webhook.created": "Webhook created",
  "webhook.updated": "Webhook changed",
  "webhook.paused": "Webhook paused",
  "webhook.resumed": "Webhook resumed",
  "webhook.secret_rotated": "Webhook signing secret rotated",
  "webhook.deleted": "Webhook deleted",
  "object.created": "Object created",
  "object.updated": "Object changed",
  "object.archived": "Object archived",
  "field.created": "Field created",
  "field.updated": "Field changed",
  "field.archived": "Field archived",
  "role.permission_changed": "Role permissions changed",
  "user.invited": "User invited",
  "user.role_changed": "User role changed",
  "user.deactivated": "User deactivated",
  "user.reactivated": "User reactivated",
  "user.password_reset": "Password reset link issued",
  "user.joined": "Invitation accepted",
  "user.reset_link_used": "Password set with a reset link",
  "user.signed_out_everywhere": "Signed out everywhere",
  "user.signed_in": "Signed in",
  "user.sign_in_failed": "Sign-in refused (wrong password)",
  "flow.created": "Flow created",
  "flow.updated": "Flow changed",
  "flow.activated": "Flow activated",
  "flow.paused": "Flow paused",
  "approval_process.saved": "Approval process saved",
  "approval_process.deleted": "Approval process deleted",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
