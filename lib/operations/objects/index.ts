import type { Operation } from "../define.ts";
import { archiveField, createField, updateField } from "./manage-fields.ts";
import { describeObject } from "./describe-object.ts";
import { listObjects } from "./list-objects.ts";
import { archiveObject, createObject, updateObject } from "./manage-objects.ts";

/** The objects area of the API, in reference order: discovery, then the schema by API (admins). */
export const objectOperations: Operation[] = [
  listObjects,
  describeObject,
  createObject,
  updateObject,
  archiveObject,
  createField,
  updateField,
  archiveField,
];
