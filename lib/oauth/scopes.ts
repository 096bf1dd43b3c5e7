/**
 * OAuth scopes of spec 5.3. A token acts as its user, limited by these AND the user's role.
 * records:read / records:write cover every object; records:read:<apiName> / records:write:<apiName>
 * one object. Activities are the object `activity`, governed by activities:read / activities:write /
 * activities:delete.
 * Deleting is a scope of its own (records:delete, records:delete:<apiName>): as an API key never
 * deletes without "Allow deletion", a token never deletes without it, whatever else it holds.
 */
export const FIXED_SCOPES = [
  "records:read",
  "records:write",
  "records:delete",
  "activities:read",
  "activities:write",
  "activities:delete",
  "objects:read",
  "objects:write",
  "widgets:embed",
  "webhooks:manage",
  "marketing:send",
  "flows:read",
  "flows:write",
  "approvals:read",
  "approvals:write",
  "audit:read",
  "events:read",
] as const;
// Activities have scopes of their own, so records:read:activity is not a scope.
const PER_OBJECT = /^records:(read|write|delete):(?!activity$)([a-z][a-z0-9_]{0,62})$/;

/** What a scope lets a token do to an object's records. */
export type ScopeAction = "read" | "write" | "delete";

export const isScope = (s: string): boolean => (FIXED_SCOPES as readonly string[]).includes(s) || PER_OBJECT.test(s);

/** Whether the scope lets a token delete (shown apart on the consent screen). */
export const isDeleteScope = (s: string): boolean =>
  s === "records:delete" || s === "activities:delete" || PER_OBJECT.exec(s)?.[1] === "delete";

/** Whether the scope only reads (what an unverified agent's consent screen ticks by default). */
export const isReadScope = (s: string): boolean => s.endsWith(":read") || PER_OBJECT.exec(s)?.[1] === "read";

/**
 * What an agent connection (an MCP host that registered itself) may be granted: records,
 * activities, objects and the events of records it may read (list_events), never webhooks,
 * marketing, flows, approvals or widgets — those stay with curated apps.
 */
export const AGENT_FIXED_SCOPES: readonly string[] = FIXED_SCOPES.filter(
  (s) => s.startsWith("records:") || s.startsWith("activities:") || s === "objects:read" || s === "events:read",
);
export const isAgentScope = (s: string): boolean => AGENT_FIXED_SCOPES.includes(s) || PER_OBJECT.test(s);

/** What an agent is offered when it names none of the scopes it may have. */
export const AGENT_DEFAULT_SCOPES: readonly string[] = [
  "records:read",
  "records:write",
  "activities:read",
  "activities:write",
  "objects:read",
];

/**
 * The scopes an agent's request comes down to: those it named that an agent may have (the rest,
 * such as `openid` or `webhooks:manage`, ignored as RFC 6749 3.3 allows), or the defaults when
 * none is left. The consent screen shows exactly these; the user may untick any.
 */
export function agentScopes(raw: string | null): string[] {
  const named = [...new Set((raw ?? "").split(/\s+/).filter(isAgentScope))];
  return named.length ? named : [...AGENT_DEFAULT_SCOPES];
}

/** Space-separated scope list (RFC 6749 3.3) → distinct scopes in order; null if any is unknown or the list is malformed. */
export function parseScopes(raw: string): string[] | null {
  if (raw !== raw.trim() || /\s{2,}|[\t\n\r]/.test(raw)) return null;
  const scopes = raw === "" ? [] : raw.split(" ");
  if (!scopes.every(isScope)) return null;
  return [...new Set(scopes)];
}

export const formatScopes = (scopes: readonly string[]): string => scopes.join(" ");

/** Whether `granted` lets the token do `action` on the object (before the role is asked). */
export function scopeAllows(granted: readonly string[], objectApiName: string, action: ScopeAction): boolean {
  if (objectApiName === "activity") return granted.includes(`activities:${action}`);
  return granted.includes(`records:${action}`) || granted.includes(`records:${action}:${objectApiName}`);
}

/** The narrowest scope that allows `action` on the object (what a refused token lacked). */
export const objectScope = (objectApiName: string, action: ScopeAction): string =>
  objectApiName === "activity" ? `activities:${action}` : `records:${action}:${objectApiName}`;

/** Whether any scope reaches the object at all (objects outside every scope stay invisible). */
export const scopeReaches = (granted: readonly string[], objectApiName: string): boolean =>
  scopeAllows(granted, objectApiName, "read") ||
  scopeAllows(granted, objectApiName, "write") ||
  scopeAllows(granted, objectApiName, "delete");

const ACTION_WORDS: Record<ScopeAction, string> = {
  read: "Read",
  write: "Create and change",
  delete: "Delete (move to the trash)",
};

/** Plain words for the consent screen. */
export function describeScope(scope: string): string {
  const m = PER_OBJECT.exec(scope);
  if (m) return `${ACTION_WORDS[m[1] as ScopeAction]} ${m[2]} records`;
  switch (scope) {
    case "records:read":
      return "Read records of every object";
    case "records:write":
      return "Create and change records of every object";
    case "records:delete":
      return "Delete (move to the trash) records of every object";
    case "activities:read":
      return "Read activities (tasks, calls, emails, meetings, notes)";
    case "activities:write":
      return "Create and change activities (complete, reschedule, reassign)";
    case "activities:delete":
      return "Delete activities";
    case "objects:read":
      return "See which objects and fields exist";
    case "objects:write":
      return "Create and change custom objects and fields (admins only)";
    case "widgets:embed":
      return "Show its widgets inside the CRM";
    case "marketing:send":
      return "Send marketing email to your contacts and leads, in your company's name (each with an unsubscribe link)";
    case "flows:read":
      return "See the company's flows (email cadences) and who goes through them";
    case "flows:write":
      return "Enroll your contacts and leads in flows, which email them in your company's name and create tasks, and stop enrollments";
    case "approvals:read":
      return "See approval requests on records you can read";
    case "approvals:write":
      return "Approve or reject the approval requests you are an approver of";
    case "events:read":
      return "Read the events of records it may read (what webhooks are sent: records created and changed, flows, approvals)";
    case "audit:read":
      return "Read the company's audit log and request log: who changed settings and access, who signed in, which requests each key and app made, when and from where (admins only)";
    case "webhooks:manage":
      return "Create, change and delete webhooks, which send your records' changes to addresses it chooses, and read their delivery log (admins only)";
    default:
      return scope;
  }
}
