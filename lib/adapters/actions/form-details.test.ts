import { describe, expect, it } from "vitest";
import type { ErrorBody } from "@/lib/errors/to-response.ts";
import { fieldTitle, formDetails } from "./form-details.ts";

const body = (over: Partial<ErrorBody>): ErrorBody => ({
  error: "Invalid request",
  message: "Invalid request",
  code: "invalid_request",
  requestId: "r",
  ...over,
});

describe("formDetails: a refusal's field errors, by the form's input names", () => {
  it("keeps every validation detail, without the key the operation nests the form in", () => {
    const details = [
      { path: "field.label", message: "is required" },
      { path: "field.options.2.value", message: "option value is required" },
      { path: "objectApiName", message: "is required" },
    ];
    expect(formDetails(body({ error: "field.label: is required", details }), "field")).toEqual([
      { path: "label", message: "is required" },
      { path: "options.2.value", message: "option value is required" },
      { path: "objectApiName", message: "is required" },
    ]);
    expect(formDetails(body({ details: details.slice(0, 1) }))).toEqual(details.slice(0, 1));
  });

  it("takes the field a service's refusal starts with", () => {
    expect(formDetails(body({ code: "conflict", error: "apiName: an object named 'deal' already exists" }))).toEqual([
      { path: "apiName", message: "an object named 'deal' already exists" },
    ]);
    expect(formDetails(body({ error: "rollup.childField: 'x' must be a lookup on 'deal' to 'company'" }), "field")).toEqual([
      { path: "rollup.childField", message: "'x' must be a lookup on 'deal' to 'company'" },
    ]);
  });

  it("leaves sentences and other errors to the form as a whole", () => {
    expect(formDetails(body({ error: "Built-in objects cannot be archived" }))).toBeUndefined();
    expect(formDetails(body({ error: "Archive the fields that point to 'x' first: deal.x" }))).toBeUndefined();
    expect(formDetails(body({ code: "permission_denied", error: "errors.permissionDenied" }))).toBeUndefined();
    expect(formDetails(body({ code: "not_found", error: "name: not found" }))).toBeUndefined();
  });
});

describe("fieldTitle: an error's path worded with the input's label", () => {
  it("names the input, an entry of a list by its number, and a key inside it", () => {
    expect(fieldTitle("label", "label", "Label")).toBe("Label");
    expect(fieldTitle("options", "options", "Options", "Option")).toBe("Options");
    expect(fieldTitle("options.2.value", "options", "Options", "Option")).toBe("Option 3 value");
    expect(fieldTitle("redirectUris.0", "redirectUris", "Redirect URIs", "Redirect URI")).toBe("Redirect URI 1");
    expect(fieldTitle("rollup.childField", "rollup.childField", "Child lookup field")).toBe("Child lookup field");
    expect(fieldTitle("grant.read", "grant", "Permissions")).toBe("Permissions read");
  });
});
