import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface TestCertificates {
  /** The CA certificate's file, for NODE_EXTRA_CA_CERTS of a process that must trust the server. */
  caFile: string;
  key: Buffer;
  cert: Buffer;
}

/**
 * A throwaway CA and a server certificate it signed for 127.0.0.1 and localhost, made with the
 * system's openssl (P-256, valid two days): an HTTPS server on the loopback that a process given
 * NODE_EXTRA_CA_CERTS trusts as a real one, with no check turned off anywhere.
 */
export function testCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(os.tmpdir(), "crm-tls-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl(
    "req",
    "-x509",
    ...ec,
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.pem"),
    "-days",
    "2",
    "-subj",
    "/CN=CRM test CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  );
  openssl("req", ...ec, "-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=127.0.0.1");
  writeFileSync(file("server.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n");
  openssl(
    "x509",
    "-req",
    "-in",
    file("server.csr"),
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-out",
    file("server.pem"),
    "-days",
    "2",
    "-extfile",
    file("server.ext"),
  );
  return { caFile: file("ca.pem"), key: readFileSync(file("server.key")), cert: readFileSync(file("server.pem")) };
}
