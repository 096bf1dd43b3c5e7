import { apiBaseUrl } from "@/lib/config.ts";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { buildOpenApi } from "./build-openapi.ts";

let cached: ReturnType<typeof buildOpenApi> | undefined;

/** Built once per process: the registry does not change at run time. */
export function openApiDocument(): ReturnType<typeof buildOpenApi> {
  cached ??= buildOpenApi(HTTP_OPERATIONS, apiBaseUrl());
  return cached;
}
