// The widget protocol (spec 6.5): what the host and a widget say to each other with postMessage.
// Shared by the host (components/widgets) and documented for the SDK (public/widget-sdk).
import { z } from "zod";

export const PROTOCOL_VERSION = 1;
/** The tallest a widget may make itself (DESIGN.md), and the least the host keeps. */
export const MAX_WIDGET_HEIGHT = 2000;
export const MIN_WIDGET_HEIGHT = 60;

/** UI context only: no record data, token or secret ever rides along. */
export interface WidgetContext {
  recordId: string | null;
  objectApiName: string | null;
  locale: string;
  theme: "light" | "dark";
  installId: string;
}

export interface ContextMessage {
  type: "service:widget:context";
  version: typeof PROTOCOL_VERSION;
  payload: WidgetContext;
}

export const contextMessage = (payload: WidgetContext): ContextMessage => ({
  type: "service:widget:context",
  version: PROTOCOL_VERSION,
  payload: {
    recordId: payload.recordId,
    objectApiName: payload.objectApiName,
    locale: payload.locale,
    theme: payload.theme,
    installId: payload.installId,
  },
});

/** What a widget may send; anything that does not parse as one of these is ignored. */
export const widgetMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("service:widget:ready"), version: z.literal(PROTOCOL_VERSION), payload: z.unknown().optional() }),
  z.object({
    type: z.literal("service:widget:resize"),
    version: z.literal(PROTOCOL_VERSION),
    payload: z.object({ height: z.number().finite().nonnegative() }),
  }),
]);
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;

export const clampHeight = (height: number): number => Math.round(Math.min(MAX_WIDGET_HEIGHT, Math.max(MIN_WIDGET_HEIGHT, height)));
