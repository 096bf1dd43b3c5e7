import { z } from "zod";
import { objectApiNameSchema } from "./names.ts";

export const WIDGET_LOCATIONS = ["record", "dashboard"] as const;
export type WidgetLocation = (typeof WIDGET_LOCATIONS)[number];

/**
 * Loopback, in every form the URL parser leaves it (it turns 0x7f.1 and 2130706433 into 127.0.0.1,
 * [::ffff:127.0.0.1] into [::ffff:7f00:1]): 127.0.0.0/8, [::1], IPv4-mapped loopback, 0.0.0.0 (which
 * reaches this machine), and localhost with its subdomains.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return (
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === "0.0.0.0" ||
    host === "[::1]" ||
    host === "[::]" ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host) ||
    host === "localhost" ||
    host.endsWith(".localhost")
  );
}

/**
 * A host a browser reaches and a CSP source can name: letters, digits, dots and hyphens (IDNs
 * arrive as punycode), or an IPv6 literal. The URL parser lets `*`, `;` and `,` through in host
 * names; in a frame-src they would widen the policy or start another directive.
 */
export const isPlainHost = (hostname: string): boolean => /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])$/i.test(hostname);

/**
 * The shape of an embed URL; whether its origin is on the app's allowlist and differs from the
 * CRM's own is checked against the app (lib/services/widgets/declarations.ts).
 */
export const embedUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .superRefine((raw, ctx) => {
    const refuse = (message: string) => ctx.addIssue({ code: "custom", message });
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return refuse("must be an absolute URL such as https://widgets.example.com/panel");
    }
    if (url.protocol === "http:" ? !isLoopbackHost(url.hostname) : url.protocol !== "https:")
      return refuse("must use https (http only on a loopback address, for development)");
    if (url.username || url.password) refuse("must not contain a user name or password");
    if (!isPlainHost(url.hostname)) refuse("must name a host of letters, digits, dots and hyphens (no wildcard)");
    if (url.hash) refuse("must not contain a fragment (#)");
  });

export const widgetDeclarationSchema = z.object({
  appId: z.uuid(),
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{0,63}$/, "must start with a letter and use lowercase letters, digits, - or _ (at most 64)"),
  title: z.string().trim().min(1, "is required").max(100, "must be at most 100 characters"),
  location: z.enum(WIDGET_LOCATIONS),
  embedUrl: embedUrlSchema,
  /** Record widgets: the objects whose pages show the widget (none: every object). */
  objects: z.array(objectApiNameSchema).max(50).default([]),
});
export type WidgetDeclaration = z.output<typeof widgetDeclarationSchema>;

export const declaredWidgetSchema = z.object({
  id: z.string(),
  appId: z.string(),
  key: z.string(),
  title: z.string(),
  location: z.enum(WIDGET_LOCATIONS),
  embedUrl: z.string(),
  objects: z.array(z.string()),
});
export type DeclaredWidget = z.infer<typeof declaredWidgetSchema>;

/** A widget shown to this tenant: installed with `widgets:embed`; `installId` is the grant it is shown under. */
export const placedWidgetSchema = declaredWidgetSchema.extend({ appName: z.string(), embedOrigin: z.string(), installId: z.string() });
export type PlacedWidget = z.infer<typeof placedWidgetSchema>;
