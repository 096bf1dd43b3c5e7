// Settings: who is signed in, with their tenant and role (drives what the settings UI offers)
import { z } from "zod";
import { assertSession } from "@/lib/auth/access.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import { defineOperation } from "../define.ts";

const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  tenantName: z.string(),
  role: z.string(),
  isAdmin: z.boolean(),
  isPlatformAdmin: z.boolean(),
});
type CurrentUser = z.infer<typeof currentUserSchema>;

export const currentUserOp = defineOperation({
  name: "session.currentUser",
  summary: "Current user",
  description: "The signed-in user, tenant and role, and whether they are a platform admin.",
  scope: "settings:read",
  input: z.object({}),
  output: currentUserSchema,
  errors: [],
  authorize: assertSession,
  async run({ tx, principal }) {
    const [me] = await tx.$queryRaw<CurrentUser[]>`
      SELECT u.id::text, u.email, u.name, t.name AS "tenantName", r.name AS role, r.key = 'admin' AS "isAdmin",
             u.platform_admin AS "isPlatformAdmin"
      FROM app_user u
      JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
      JOIN tenant t ON t.id = u.tenant_id
      WHERE u.tenant_id = ${principal.tenantId}::uuid AND u.id = ${principal.userId}::uuid`;
    if (!me) throw notFound("User");
    return me;
  },
});
