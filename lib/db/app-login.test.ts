import { createHash, createHmac } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appLoginUrl, appRolePassword, scramVerifier } from "./app-login.ts";

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest();
const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();

describe("crm_app's login", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("the password derives from AUTH_SECRET: the same for the same secret, another for another", () => {
    vi.stubEnv("AUTH_SECRET", "secret-one");
    const one = appRolePassword();
    expect(appRolePassword()).toBe(one);
    expect(one).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(one).not.toContain("secret-one");
    vi.stubEnv("AUTH_SECRET", "secret-two");
    expect(appRolePassword()).not.toBe(one);
  });

  it("the SCRAM-SHA-256 verifier checks the RFC 7677 exchange (password pencil)", () => {
    const salt = Buffer.from("W22ZaJ0SNY7soEsUEjb6gQ==", "base64");
    const verifier = scramVerifier("pencil", salt, 4096);
    const match = /^SCRAM-SHA-256\$4096:([^$]+)\$([^:]+):(.+)$/.exec(verifier);
    expect(match?.[1]).toBe("W22ZaJ0SNY7soEsUEjb6gQ==");
    const storedKey = Buffer.from(match![2]!, "base64");
    const serverKey = Buffer.from(match![3]!, "base64");
    // The server's side of RFC 7677 §3: recover the client key from the proof, compare its hash.
    const nonce = "rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0";
    const authMessage = `n=user,r=rOprNGfwEbeRWgbNEkqO,r=${nonce},s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096,c=biws,r=${nonce}`;
    const proof = Buffer.from("dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=", "base64");
    const signature = hmac(storedKey, authMessage);
    const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]!));
    expect(sha256(clientKey).equals(storedKey)).toBe(true);
    expect(hmac(serverKey, authMessage).toString("base64")).toBe("6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=");
  });

  it("a fresh salt each time, so the verifier is never the same twice", () => {
    expect(scramVerifier("pw")).not.toBe(scramVerifier("pw"));
  });

  it("the request URL is the owner's, logging in as crm_app with the password", () => {
    const url = appLoginUrl("postgresql://owner:ownerpw@db.internal:6543/crm?application_name=crm", "s3cr3t/+=");
    const client = new pg.Client({ connectionString: url });
    expect({ user: client.user, password: client.password, host: client.host, port: client.port, database: client.database }).toEqual({
      user: "crm_app",
      password: "s3cr3t/+=",
      host: "db.internal",
      port: 6543,
      database: "crm",
    });
    expect(url).not.toContain("owner");
    expect(new URL(url).searchParams.get("application_name")).toBe("crm");
  });

  it("also for a socket URL without a host", () => {
    const client = new pg.Client({ connectionString: appLoginUrl("postgresql:///crm?host=/var/run/postgresql&user=owner", "pw") });
    expect({ user: client.user, password: client.password, host: client.host, database: client.database }).toEqual({
      user: "crm_app",
      password: "pw",
      host: "/var/run/postgresql",
      database: "crm",
    });
  });
});
