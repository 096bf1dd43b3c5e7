"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { act, type ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import { archiveField, createField, updateField } from "@/lib/operations/fields/manage-fields.ts";
import { archiveObject, createObject, updateObject } from "@/lib/operations/objects/manage-objects.ts";

export type FormState = ActionResult<unknown> | null;

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" && v.trim() !== "" ? v : undefined;
};

export async function createObjectAction(_prev: FormState, form: FormData): Promise<FormState> {
  const result = await act(createObject, {
    apiName: text(form, "apiName"),
    label: text(form, "label"),
    pluralLabel: text(form, "pluralLabel") ?? text(form, "label"),
    description: text(form, "description"),
  });
  if (!result.ok) return result;
  revalidatePath("/settings/objects");
  redirect(`/settings/objects/${result.data.apiName}`);
}

export async function updateObjectAction(_prev: FormState, form: FormData): Promise<FormState> {
  const apiName = String(form.get("apiName"));
  const result = await act(updateObject, { apiName, label: text(form, "label"), pluralLabel: text(form, "pluralLabel"), description: form.get("description") ?? undefined });
  revalidatePath(`/settings/objects/${apiName}`);
  return result;
}

export async function archiveObjectAction(_prev: FormState, form: FormData): Promise<FormState> {
  const result = await act(archiveObject, { apiName: form.get("apiName") });
  if (!result.ok) return result;
  revalidatePath("/settings/objects");
  redirect("/settings/objects");
}

/** "value:Label" or "value" per line. */
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

export async function createFieldAction(_prev: FormState, form: FormData): Promise<FormState> {
  const objectApiName = String(form.get("objectApiName"));
  const type = text(form, "type");
  const field = {
    apiName: text(form, "apiName"),
    label: text(form, "label"),
    type,
    required: form.get("required") === "on",
    unique: form.get("unique") === "on",
    options: parseOptions(text(form, "options")),
    targetObject: text(form, "targetObject"),
    expression: text(form, "expression"),
    rollup:
      type === "rollup"
        ? { childObject: text(form, "childObject"), childField: text(form, "childField"), aggregate: text(form, "aggregate"), valueField: text(form, "valueField") }
        : undefined,
  };
  const result = await act(createField, { objectApiName, field });
  revalidatePath(`/settings/objects/${objectApiName}`);
  return result;
}

export async function updateFieldAction(_prev: FormState, form: FormData): Promise<FormState> {
  const objectApiName = String(form.get("objectApiName"));
  const result = await act(updateField, {
    objectApiName,
    fieldApiName: form.get("fieldApiName"),
    label: text(form, "label"),
    required: form.get("required") === "on",
    options: parseOptions(text(form, "options")),
    expression: text(form, "expression"),
  });
  revalidatePath(`/settings/objects/${objectApiName}`);
  return result;
}

export async function archiveFieldAction(_prev: FormState, form: FormData): Promise<FormState> {
  const objectApiName = String(form.get("objectApiName"));
  const result = await act(archiveField, { objectApiName, fieldApiName: form.get("fieldApiName") });
  revalidatePath(`/settings/objects/${objectApiName}`);
  return result;
}
