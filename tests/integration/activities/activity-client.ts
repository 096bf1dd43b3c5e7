/**
 * Shared helpers for the activities endpoint tests: a small client over the /activities route
 * handlers called in-process with one credential, and the response shapes.
 */
import { expect } from "vitest";
import type { ActivityPage, ApiActivity } from "@/lib/schemas/activities.ts";

export type { ActivityPage };
import { call, type CallResult } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listRoute, POST: createRoute } = restRoute("/activities");
const { DELETE: deleteRoute, GET: getRoute, PATCH: patchRoute } = restRoute("/activities/{id}");

export type Activity = ApiActivity;
export type Query = Record<string, string | string[]>;

/** The REST endpoints of activities, called in-process with one credential. */
export class ActivitiesApi {
  constructor(readonly auth: string | undefined) {}

  list(query: Query = {}): Promise<CallResult> {
    return call(listRoute, { auth: this.auth, path: "/activities", query });
  }
  create(body: unknown): Promise<CallResult> {
    return call(createRoute, { auth: this.auth, method: "POST", path: "/activities", body });
  }
  get(id: string): Promise<CallResult> {
    return call(getRoute, { auth: this.auth, path: `/activities/${id}`, params: { id } });
  }
  patch(id: string, body: unknown): Promise<CallResult> {
    return call(patchRoute, { auth: this.auth, method: "PATCH", path: `/activities/${id}`, params: { id }, body });
  }
  remove(id: string): Promise<CallResult> {
    return call(deleteRoute, { auth: this.auth, method: "DELETE", path: `/activities/${id}`, params: { id } });
  }

  /** Creates an activity and insists on 201. */
  async mustCreate(body: Record<string, unknown>): Promise<Activity> {
    const res = await this.create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.json<Activity>();
  }
  async mustGet(id: string): Promise<Activity> {
    const res = await this.get(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<Activity>();
  }
  async mustPatch(id: string, body: Record<string, unknown>): Promise<Activity> {
    const res = await this.patch(id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<Activity>();
  }
  /** A list page, insisting on 200. */
  async page(query: Query = {}): Promise<ActivityPage> {
    const res = await this.list(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<ActivityPage>();
  }
  /** Ids of one page, in the order answered. */
  async ids(query: Query = {}): Promise<string[]> {
    return (await this.page({ limit: "200", ...query })).data.map((a) => a.id);
  }
}

/** The body of a new activity on a record: a call unless `extra` says otherwise. */
export const on = (objectApiName: string, recordId: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: "call",
  subject: "Call about the renewal",
  record_id: recordId,
  objectApiName,
  ...extra,
});

/** Status and `error` of a refusal, compared at once (the body shows on failure). */
export function expectRefusal(res: CallResult, status: number, error: string): void {
  expect({ status: res.status, error: res.json().error }, JSON.stringify(res.body)).toEqual({ status, error });
}

export const sortedIds = (ids: string[]): string[] => [...ids].sort();
