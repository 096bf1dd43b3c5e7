import { describe, expect, it } from "vitest";
import { parseApiKey } from "@/lib/auth/api-key-format.ts";
import { s256, verifierMatches } from "./pkce.ts";
import { describeScope, parseScopes, scopeAllows, scopeReaches } from "./scopes.ts";
import { generateTenantSecret, parseTenantSecret, secretKindOf, secretMatches } from "@/lib/auth/tenant-secret.ts";

const TENANT = "0d3a7c1e-0000-4000-8000-000000000001";

describe("PKCE", () => {
  it("matches the RFC 7636 appendix B test vector", () => {
    expect(s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    expect(verifierMatches("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")).toBe(true);
  });

  it("refuses a wrong, short, long or ill-charactered verifier", () => {
    const challenge = s256("a".repeat(43));
    expect(verifierMatches("a".repeat(43), challenge)).toBe(true);
    expect(verifierMatches("b".repeat(43), challenge)).toBe(false);
    expect(verifierMatches("a".repeat(42), s256("a".repeat(42)))).toBe(false);
    expect(verifierMatches("a".repeat(129), s256("a".repeat(129)))).toBe(false);
    expect(verifierMatches(`${"a".repeat(42)}+`, s256(`${"a".repeat(42)}+`))).toBe(false);
  });
});

describe("tenant secrets", () => {
  it("round-trip their ids, match only themselves, and never parse as another kind or as an API key", () => {
    for (const kind of ["code", "access", "refresh"] as const) {
      const s = generateTenantSecret(kind, TENANT);
      expect(parseTenantSecret(kind, s.secret)).toEqual({ id: s.id, tenantId: TENANT });
      expect(secretKindOf(s.secret)).toBe(kind);
      expect(secretMatches(s.secret, s.secretHash)).toBe(true);
      expect(secretMatches(`${s.secret.slice(0, -1)}A`, s.secretHash)).toBe(s.secret.endsWith("A"));
      for (const other of ["code", "access", "refresh"] as const) if (other !== kind) expect(parseTenantSecret(other, s.secret)).toBeNull();
      expect(parseApiKey(s.secret)).toBeNull();
      expect(parseTenantSecret(kind, `${s.secret}x`)).toBeNull();
    }
  });
});

describe("scopes", () => {
  it("parses space-separated known scopes and refuses anything else", () => {
    expect(parseScopes("records:read records:write:contact objects:read records:read")).toEqual(["records:read", "records:write:contact", "objects:read"]);
    expect(parseScopes("")).toEqual([]);
    for (const bad of ["records:delete", "records:read  objects:read", " records:read", "records:read\tobjects:read", "records:read:Contact", "admin"]) {
      expect(parseScopes(bad), bad).toBeNull();
    }
  });

  it("allows by object and action, with activities apart", () => {
    const granted = ["records:read:contact", "records:write:lead", "activities:read"];
    expect(scopeAllows(granted, "contact", "read")).toBe(true);
    expect(scopeAllows(granted, "contact", "write")).toBe(false);
    expect(scopeAllows(granted, "lead", "write")).toBe(true);
    expect(scopeAllows(granted, "lead", "read")).toBe(false);
    expect(scopeReaches(granted, "lead")).toBe(true);
    expect(scopeReaches(granted, "company")).toBe(false);
    expect(scopeAllows(granted, "activity", "read")).toBe(true);
    expect(scopeAllows(["records:read"], "activity", "read")).toBe(false);
    expect(scopeAllows(["records:read"], "company", "read")).toBe(true);
  });

  it("describes each scope in plain words", () => {
    expect(describeScope("records:read:contact")).toBe("Read contact records");
    expect(describeScope("objects:read")).toBe("See which objects and fields exist");
  });
});
