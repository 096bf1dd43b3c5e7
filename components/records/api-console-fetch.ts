/**
 * A call of the REST API from the CRM's own pages as the signed-in user: the session cookie plus the
 * page's anti-CSRF token, as the API reference's Try it sends them (lib/auth/credential-from-request.ts).
 * The screens that upload files or follow a job use the API itself, so they behave exactly as integrators see it.
 */
export function apiConsoleFetch(path: string, csrfToken: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("x-csrf-token", csrfToken);
  return fetch(path, { ...init, headers, credentials: "same-origin", cache: "no-store" });
}
