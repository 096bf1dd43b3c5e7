/**
 * Every settings page, once: the sidebar lists them and Settings → Overview shows a card for each,
 * so a new page cannot be reachable from one and missing from the other
 * (tests/integration/settings-pages.test.ts holds this list to the pages under app/(settings)/settings).
 */
export interface SettingsPage {
  href: string;
  label: string;
  /** One line on the overview's card. */
  summary: string;
  /** Shown to admins only: the page is an admin's tool. */
  adminOnly?: boolean;
}

export const SETTINGS_PAGES: readonly SettingsPage[] = [
  { href: "/settings/api-keys", label: "API keys", summary: "Keys for server-side integrations, their scopes and each key's request log." },
  { href: "/settings/objects", label: "Objects & fields", summary: "The objects of your CRM and their fields, built-in and custom." },
  { href: "/settings/roles", label: "Roles", summary: "Who may read, create, update and delete each object." },
  { href: "/settings/inventory", label: "Inventory", summary: "Stock per product, what open deals commit, and reorder levels." },
  {
    href: "/settings/webhooks",
    label: "Webhooks",
    summary: "Send record changes to your endpoints as they happen, signed, with a delivery log.",
    adminOnly: true,
  },
  {
    href: "/settings/email",
    label: "Email",
    summary: "Marketing email: how it is sent, what was sent, and unsubscribes.",
    adminOnly: true,
  },
  { href: "/settings/flows", label: "Flows", summary: "Cadences of emails, waits and tasks for contacts and leads.", adminOnly: true },
  {
    href: "/settings/approvals",
    label: "Approvals",
    summary: "Which records wait for an approver's decision, and who decides.",
    adminOnly: true,
  },
  { href: "/settings/apps", label: "Apps", summary: "OAuth apps and AI agents connected to your CRM, and the marketplace." },
  {
    href: "/settings/users",
    label: "Users",
    summary: "Invite people, set their roles, sign them out or deactivate them.",
    adminOnly: true,
  },
  { href: "/settings/audit-log", label: "Audit log", summary: "Who changed settings and access, when and from where.", adminOnly: true },
  { href: "/settings/account", label: "Your account", summary: "Your password and your sessions." },
];

/** The pages this user may open: admins see them all. */
export const settingsPagesFor = (isAdmin: boolean) => SETTINGS_PAGES.filter((p) => isAdmin || !p.adminOnly);
