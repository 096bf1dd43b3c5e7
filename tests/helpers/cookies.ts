/** A cookie jar of one browser: name=value pairs from Set-Cookie, sent back as one Cookie header. */
export class Cookies {
  private readonly jar = new Map<string, string>();
  take(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      this.jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }
  has(name: string): boolean {
    return !!this.jar.get(name);
  }
  get header(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
