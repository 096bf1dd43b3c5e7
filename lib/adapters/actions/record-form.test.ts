import { describe, expect, it } from "vitest";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { recordFormValues } from "./record-form.ts";

const field = (apiName: string, type: FieldDescription["type"], extra: Partial<FieldDescription> = {}): FieldDescription => ({
  apiName,
  label: apiName,
  type,
  required: false,
  unique: false,
  readOnly: false,
  custom: false,
  ...extra,
});

const FIELDS = [
  field("name", "text"),
  field("employees", "number"),
  field("amount", "currency"),
  field("active", "boolean"),
  field("tags", "multiselect"),
  field("meets_at", "datetime"),
  field("total", "formula", { readOnly: true }),
];

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(`values.${k}`, v);
  return f;
};

describe("record form values", () => {
  it("on create sends what was filled, numbers as numbers, unparseable input as typed", () => {
    const values = recordFormValues(
      FIELDS,
      form([
        ["name", "Acme"],
        ["employees", "1,200"],
        ["amount", "99.50"],
        ["active", "on"],
        ["tags", "a"],
        ["tags", "b"],
        ["meets_at", "2026-12-01T09:30"],
        ["total", "999"],
      ]),
    );
    expect(values).toEqual({
      name: "Acme",
      employees: 1200,
      amount: "99.50",
      active: true,
      tags: ["a", "b"],
      meets_at: "2026-12-01T09:30:00Z",
    });
    expect(recordFormValues(FIELDS, form([["employees", "lots"]]))).toEqual({ employees: "lots" });
  });

  it("on edit sends only the fields that changed, clearing with null", () => {
    const current = {
      name: "Acme",
      employees: 1200,
      amount: "99.50",
      active: true,
      tags: ["a"],
      meets_at: "2026-12-01T09:30:45.000Z",
    };
    const unchanged = form([
      ["name", "Acme"],
      ["employees", "1200"],
      ["amount", "99.50"],
      ["active", "on"],
      ["tags", "a"],
      ["meets_at", "2026-12-01T09:30"],
    ]);
    expect(recordFormValues(FIELDS, unchanged, current)).toEqual({});
    const changed = form([
      ["name", ""],
      ["employees", "1201"],
      ["amount", "99.50"],
      ["tags", "b"],
      ["meets_at", "2026-12-01T09:30"],
    ]);
    expect(recordFormValues(FIELDS, changed, current)).toEqual({ name: null, employees: 1201, active: false, tags: ["b"] });
  });
});
