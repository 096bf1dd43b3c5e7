/** What a Next.js route file exports per method: Fetch Request in, Response out. */
export interface RouteContext {
  params: Promise<Record<string, string | string[]>>;
}

export type RouteHandler = (req: Request, ctx: RouteContext) => Promise<Response>;
