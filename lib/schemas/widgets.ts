import { z } from "zod";
import { objectApiNameSchema } from "./names.ts";

export const WIDGET_LOCATIONS = ["record", "dashboard"] as const;
export type WidgetLocation = (typeof WIDGET_LOCATIONS)[number];

/** http is allowed only on loopback, for development (by name too: a widget developer's own machine). */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_HOSTS.has(hostname);

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
    if (url.username || url.password) refuse("must not contain a user name or password");
    if (url.hash) refuse("must not contain a fragment (#)");
    if (url.protocol === "http:" ? !isLoopbackHost(url.hostname) : url.protocol !== "https:")
      refuse("must use https (http only on a loopback address, for development)");
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
