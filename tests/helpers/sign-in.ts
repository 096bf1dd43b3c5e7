import { expect } from "vitest";
import { Cookies } from "./cookies.ts";

/** The admin that startAppServer seeds, and its password. */
export const SERVER_ADMIN = { email: "admin@demo.example", password: "server-test-password" };

/** A running app: its URL, and its log, quoted when a sign-in is refused (the server logs why). */
export interface SignInTarget {
  url: string;
  output(): string;
}

/** Signs in to a running app as the login page does (Auth.js's credentials callback); answers the session's cookies. */
export async function signIn(server: SignInTarget, email = SERVER_ADMIN.email, password = SERVER_ADMIN.password): Promise<Cookies> {
  const cookies = await postCredentials(server.url, email, password);
  expect(cookies.has("authjs.session-token"), `signed in; the server's log ends:\n${server.output().slice(-3000)}`).toBe(true);
  return cookies;
}

/** Auth.js's own form post, as the login page's action makes it inside the server; answers the cookies it set, a session's or none. */
export async function postCredentials(baseUrl: string, email: string, password: string): Promise<Cookies> {
  const cookies = new Cookies();
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  cookies.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.header },
    body: new URLSearchParams({ csrfToken, email, password }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  cookies.take(res);
  return cookies;
}
