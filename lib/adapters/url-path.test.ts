/** urlPath: the path the request log keeps, without query or fragment, still percent-encoded. */
import { describe, expect, it } from "vitest";
import { urlPath } from "./url-path.ts";

describe("urlPath", () => {
  it("keeps the path of an absolute URL and drops its query and fragment", () => {
    expect(urlPath("http://127.0.0.1:3000/api/v1/contact/abc?limit=5&x=/y")).toBe("/api/v1/contact/abc");
    expect(urlPath("https://crm.example/api/v1/events#frag")).toBe("/api/v1/events");
    expect(urlPath("http://localhost/api/v1/caf%C3%A9")).toBe("/api/v1/caf%C3%A9");
  });
  it("gives / for a URL without a path", () => {
    expect(urlPath("http://localhost:3000")).toBe("/");
    expect(urlPath("http://localhost:3000?x=1")).toBe("/");
  });
});
