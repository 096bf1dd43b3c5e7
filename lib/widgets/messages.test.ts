import { describe, expect, it } from "vitest";
import { clampHeight, contextMessage, MAX_WIDGET_HEIGHT, MIN_WIDGET_HEIGHT, widgetMessageSchema } from "./messages.ts";

describe("widget messages", () => {
  it("accepts exactly the two widget messages of version 1", () => {
    expect(widgetMessageSchema.safeParse({ type: "service:widget:ready", version: 1 }).success).toBe(true);
    expect(widgetMessageSchema.safeParse({ type: "service:widget:resize", version: 1, payload: { height: 300 } }).success).toBe(true);
    for (const bad of [
      { type: "service:widget:ready", version: 2 },
      { type: "service:widget:resize", version: 1, payload: { height: "300" } },
      { type: "service:widget:resize", version: 1, payload: { height: -1 } },
      { type: "service:widget:resize", version: 1, payload: { height: Number.POSITIVE_INFINITY } },
      { type: "service:widget:resize", version: 1 },
      { type: "service:widget:context", version: 1, payload: {} },
      { type: "service:widget:navigate", version: 1 },
      "service:widget:ready",
      null,
      [],
    ]) {
      expect(widgetMessageSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("clamps heights to the documented bounds", () => {
    expect(clampHeight(5000)).toBe(MAX_WIDGET_HEIGHT);
    expect(MAX_WIDGET_HEIGHT).toBe(2000);
    expect(clampHeight(0)).toBe(MIN_WIDGET_HEIGHT);
    expect(clampHeight(321.4)).toBe(321);
  });

  it("builds a context of exactly the documented fields, whatever it is given", () => {
    const smuggled = { recordId: "r", objectApiName: "contact", locale: "en", theme: "light" as const, installId: "i", token: "secret" };
    const message = contextMessage(smuggled);
    expect(message).toEqual({
      type: "service:widget:context",
      version: 1,
      payload: { recordId: "r", objectApiName: "contact", locale: "en", theme: "light", installId: "i" },
    });
  });
});
