import { describe, expect, it } from "vitest";
import { parseApiKey } from "@/lib/auth/api-key-format.ts";
import { s256, verifierMatches } from "./pkce.ts";
import { consentToken, consentTokenUse, consentTokenValid } from "./consent-csrf.ts";
import { describeScope, isDeleteScope, objectScope, parseScopes, scopeAllows, scopeReaches } from "./scopes.ts";
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
    expect(parseScopes("records:read records:write:contact objects:read records:read")).toEqual([
      "records:read",
      "records:write:contact",
      "objects:read",
    ]);
    expect(parseScopes("")).toEqual([]);
    expect(parseScopes("records:delete records:delete:contact")).toEqual(["records:delete", "records:delete:contact"]);
    for (const bad of [
      "records:purge",
      "records:delete:activity",
      "records:read  objects:read",
      " records:read",
      "records:read\tobjects:read",
      "records:read:Contact",
      "admin",
    ]) {
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

  it("lets only a delete scope delete: writing does not imply it, and a delete scope reaches its object", () => {
    for (const granted of [["records:write"], ["records:write:contact", "records:read"], ["activities:write"]]) {
      expect(scopeAllows(granted, "contact", "delete"), JSON.stringify(granted)).toBe(false);
    }
    expect(scopeAllows(["records:delete"], "company", "delete")).toBe(true);
    expect(scopeAllows(["records:delete:contact"], "contact", "delete")).toBe(true);
    expect(scopeAllows(["records:delete:contact"], "company", "delete")).toBe(false);
    expect(scopeAllows(["records:delete:contact"], "contact", "write")).toBe(false);
    expect(scopeReaches(["records:delete:contact"], "contact")).toBe(true);
    expect(objectScope("contact", "delete")).toBe("records:delete:contact");
    expect(["records:delete", "records:delete:lead", "records:write", "records:write:lead", "records:read"].filter(isDeleteScope)).toEqual([
      "records:delete",
      "records:delete:lead",
    ]);
  });

  it("describes each scope in plain words; writing no longer claims deleting", () => {
    expect(describeScope("records:read:contact")).toBe("Read contact records");
    expect(describeScope("objects:read")).toBe("See which objects and fields exist");
    expect(describeScope("records:write")).toBe("Create and change records of every object");
    expect(describeScope("records:write:lead")).toBe("Create and change lead records");
    expect(describeScope("records:delete")).toBe("Delete (move to the trash) records of every object");
    expect(describeScope("records:delete:contact")).toBe("Delete (move to the trash) contact records");
  });
});

describe("consent form tokens", () => {
  it("are recorded by a hash that differs per form, until the form itself expires (10 minutes)", () => {
    const issued = Date.UTC(2026, 0, 1);
    const a = consentToken("secret", ["t", "u"], issued);
    const b = consentToken("secret", ["t", "u"], issued + 1);
    expect(consentTokenValid("secret", ["t", "u"], a, issued + 599_999)).toBe(true);
    expect(consentTokenValid("secret", ["t", "u"], a, issued + 600_001)).toBe(false);
    expect(consentTokenUse(a)).toEqual({ hash: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: new Date(issued + 600_000) });
    expect(consentTokenUse(a).hash).not.toBe(consentTokenUse(b).hash);
  });
});
