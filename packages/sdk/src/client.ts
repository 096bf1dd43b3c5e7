import createClient, { type Client, type FetchResponse, type MaybeOptionalInit } from "openapi-fetch";
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";
import { CrmError } from "./errors.ts";
import type { paths } from "./openapi.ts";
import { paginate, type ItemOf } from "./paginate.ts";
import { crmFetch, type TransportOptions } from "./transport.ts";

export interface CrmClientOptions extends Omit<TransportOptions, "token"> {
  /** The app's address, e.g. `https://crm.example.com` (the API is under /api/v1). */
  url: string;
  /** An API key (Settings → API keys). */
  apiKey?: string;
  /** Or an OAuth access token, or a function giving the current one (`oauthSession(...).accessToken`). */
  accessToken?: string | (() => string | Promise<string>);
}

// openapi-fetch's own bound: an interface of paths (openapi-typescript writes one, without an index signature).
type AnyPaths = object;
// openapi-fetch's own rule: the init argument is required when a path parameter or a body is.
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];
type Data<Operation, Init> =
  Operation extends Record<string | number, unknown> ? NonNullable<FetchResponse<Operation, Init, MediaType>["data"]> : never;
/** What a call resolves to: the success body, or nothing for a 204. */
export type Success<Operation, Init> = [Data<Operation, Init>] extends [never] ? void : Data<Operation, Init>;

// A path item's init and operation for a method (conditional, so no constraint needs proving).
type InitOf<Item, M> = M extends keyof Item ? MaybeOptionalInit<Item, M> : never;
type OperationOf<Item, M> = M extends keyof Item ? Item[M] : never;

/** A call that resolves to the success body and rejects with a `CrmError` for any other answer. */
export type CallMethod<Paths extends AnyPaths, M extends HttpMethod> = <
  P extends PathsWithMethod<Paths, M>,
  Init extends InitOf<Paths[P], M>,
>(
  path: P,
  ...init: InitParam<Init>
) => Promise<Success<OperationOf<Paths[P], M>, Init>>;

/** Every item of every page of a list, the data endpoint, the events feed or a log, in order. */
export type PaginateMethod<Paths extends AnyPaths> = <P extends PathsWithMethod<Paths, "get">, Init extends InitOf<Paths[P], "get">>(
  path: P,
  ...init: InitParam<Init>
) => AsyncGenerator<ItemOf<Success<OperationOf<Paths[P], "get">, Init>>>;

export interface CrmClient<Paths extends AnyPaths = paths> {
  get: CallMethod<Paths, "get">;
  post: CallMethod<Paths, "post">;
  patch: CallMethod<Paths, "patch">;
  delete: CallMethod<Paths, "delete">;
  paginate: PaginateMethod<Paths>;
  /** openapi-fetch's client on the same transport: `{ data, error, response }` without throwing. */
  raw: Client<Paths>;
}

type RawCall = (path: string, init?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * A client of the REST API v1, typed by the OpenAPI document: the generic one by default, or a
 * tenant's own (`npx crm types`) as `createCrmClient<paths>(...)`, where each object's fields are typed.
 */
export function createCrmClient<Paths extends AnyPaths = paths>(options: CrmClientOptions): CrmClient<Paths> {
  const token = options.apiKey ?? options.accessToken;
  if (!token) throw new TypeError("createCrmClient needs an apiKey or an accessToken");
  const raw = createClient<Paths>({
    baseUrl: `${options.url.replace(/\/+$/, "")}/api/v1`,
    fetch: crmFetch({ ...options, token }),
  });
  const call =
    (method: "GET" | "POST" | "PATCH" | "DELETE") =>
    async (path: string, init?: object): Promise<unknown> => {
      const { data, error, response } = await (raw[method] as unknown as RawCall)(path, init);
      if (!response.ok) throw CrmError.from(response, error);
      return data;
    };
  const get = call("GET");
  return {
    get: get as CallMethod<Paths, "get">,
    post: call("POST") as CallMethod<Paths, "post">,
    patch: call("PATCH") as CallMethod<Paths, "patch">,
    delete: call("DELETE") as CallMethod<Paths, "delete">,
    paginate: ((path: string, init?: object) => paginate(get, path, init)) as PaginateMethod<Paths>,
    raw,
  };
}
