"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { archiveFieldOp, createFieldOp, updateFieldOp } from "@/lib/operations/objects/manage-fields.ts";
import { archiveObjectOp, createObjectOp, updateObjectOp } from "@/lib/operations/objects/manage-objects.ts";
import { DEFAULT_CURRENCY_SCALE } from "@/lib/schemas/fields.ts";

/** A required input as typed, so that a blank one is refused by its own rule ("Label: is required"). */
const typed = (form: FormData, key: string) => String(form.get(key) ?? "");

/** An optional input: left blank, it is not sent. */
const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" && v.trim() !== "" ? v : undefined;
};

export const createObjectAction = serverAction([actionArg.state<FormState>(), actionArg.form], async (_prev, form): Promise<FormState> => {
  const result = await act(
    createObjectOp,
    {
      object: {
        apiName: typed(form, "apiName"),
        label: typed(form, "label"),
        pluralLabel: text(form, "pluralLabel") ?? typed(form, "label"),
        description: text(form, "description"),
      },
    },
    { fieldsUnder: "object" },
  );
  if (!result.ok) return result;
  revalidatePath("/settings/objects");
  redirect(`/settings/objects/${result.data.apiName}`);
});

export const updateObjectAction = serverAction([actionArg.state<FormState>(), actionArg.form], async (_prev, form): Promise<FormState> => {
  const apiName = String(form.get("apiName"));
  const result = await act(
    updateObjectOp,
    {
      apiName,
      changes: { label: typed(form, "label"), pluralLabel: typed(form, "pluralLabel"), description: form.get("description") ?? undefined },
    },
    { fieldsUnder: "changes" },
  );
  revalidatePath(`/settings/objects/${apiName}`);
  return result;
});

export const archiveObjectAction = serverAction([actionArg.state<FormState>(), actionArg.form], async (_prev, form): Promise<FormState> => {
  const result = await act(archiveObjectOp, { apiName: form.get("apiName") });
  if (!result.ok) return result;
  revalidatePath("/settings/objects");
  redirect("/settings/objects");
});

/** "value:Label" or "value" per line; blank lines are skipped. */
function parseOptions(raw: string | undefined) {
  if (!raw) return undefined;
  return raw
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [value, ...label] = l.split(":");
      return { value: value!.trim(), label: (label.join(":") || value!).trim() };
    });
}

export const createFieldAction = serverAction([actionArg.state<FormState>(), actionArg.form], async (_prev, form): Promise<FormState> => {
  const objectApiName = String(form.get("objectApiName"));
  const type = text(form, "type");
  const field = {
    apiName: typed(form, "apiName"),
    label: typed(form, "label"),
    type,
    required: form.get("required") === "on",
    unique: form.get("unique") === "on",
    options: parseOptions(text(form, "options")),
    targetObject: text(form, "targetObject"),
    scale: type === "currency" ? Number(text(form, "scale") ?? DEFAULT_CURRENCY_SCALE) : undefined,
    expression: text(form, "expression"),
    rollup:
      type === "rollup"
        ? {
            childObject: text(form, "rollup.childObject"),
            childField: text(form, "rollup.childField"),
            aggregate: text(form, "rollup.aggregate"),
            valueField: text(form, "rollup.valueField"),
          }
        : undefined,
  };
  const result = await act(createFieldOp, { apiName: objectApiName, field }, { fieldsUnder: "field" });
  revalidatePath(`/settings/objects/${objectApiName}`);
  return result;
});

export const updateFieldAction = serverAction([actionArg.state<FormState>(), actionArg.form], async (_prev, form): Promise<FormState> => {
  const objectApiName = String(form.get("objectApiName"));
  const result = await act(
    updateFieldOp,
    {
      apiName: objectApiName,
      fieldApiName: form.get("fieldApiName"),
      changes: {
        label: typed(form, "label"),
        required: form.get("required") === "on",
        options: parseOptions(text(form, "options")),
        expression: text(form, "expression"),
      },
    },
    { fieldsUnder: "changes" },
  );
  revalidatePath(`/settings/objects/${objectApiName}`);
  return result;
});

export const archiveFieldAction = serverAction([actionArg.state<FormState>(), actionArg.form], async (_prev, form): Promise<FormState> => {
  const objectApiName = String(form.get("objectApiName"));
  const result = await act(archiveFieldOp, { apiName: objectApiName, fieldApiName: form.get("fieldApiName") });
  revalidatePath(`/settings/objects/${objectApiName}`);
  return result;
});
