/** The roles every tenant starts with; admins can refine them per object in settings. */
export const BUILTIN_ROLES = [
  { key: "admin", name: "Admin", defaultRead: true, defaultCreate: true, defaultUpdate: true, defaultDelete: true },
  { key: "member", name: "Member", defaultRead: true, defaultCreate: true, defaultUpdate: true, defaultDelete: true },
  { key: "read_only", name: "Read-only", defaultRead: true, defaultCreate: false, defaultUpdate: false, defaultDelete: false },
] as const;

export type BuiltinRoleKey = (typeof BUILTIN_ROLES)[number]["key"];
