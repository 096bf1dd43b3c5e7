import type { AsyncLocalStorage } from "node:async_hooks";
import { z } from "zod";
import { describeZodError } from "@/lib/errors/to-response.ts";

/** The request's state the HTTP front's action gate keeps (lib/adapters/actions/action-gate.mjs). */
interface ActionRequestState {
  admitted: boolean;
  refusal?: string;
}

const REQUESTS_KEY = Symbol.for("crm.actions.request");

/** Without the front (`next dev`) there is none. */
function actionRequest(): ActionRequestState | undefined {
  return (globalThis as { [REQUESTS_KEY]?: AsyncLocalStorage<ActionRequestState> })[REQUESTS_KEY]?.getStore();
}

const isPlainObject = (value: unknown): boolean =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof FormData);

/**
 * The kinds of arguments our actions take, as Next's client sends them: anyone can send anything
 * instead, so an action states what it takes and is not run with anything else.
 */
export const actionArg = {
  /** A value a page bound to the action: an object's API name, a record's id, a path. */
  text: z.string().max(1000),
  /** A yes or no a page bound to the action (pause or resume). */
  flag: z.boolean(),
  /** The submitted form. */
  form: z.instanceof(FormData),
  /**
   * The previous state React's useActionState passes first. Our actions never read it (Next's
   * client may even leave it out), so any object will do.
   */
  state: <T>() => z.custom<T>((value) => value === undefined || value === null || isPlainObject(value)),
  /** An object the page's own script builds; the operation it goes to checks its fields. */
  object: <T>() => z.custom<T>(isPlainObject),
};

type Outputs<A extends readonly z.ZodType[]> = { -readonly [K in keyof A]: z.output<A[K]> };

/**
 * The quiet stop of a refused call: the front's gate answers it (400), so Next only has to give up.
 * Next logs no error named AbortError (it takes it for a client gone away), and with nothing
 * revalidated it renders no page after a failed action: a refusal costs no more than a decode error.
 * Served without the front (`next dev`), the call ends in Next's own 500.
 */
function refusedCall(): Error {
  const stop = new Error("Malformed server action arguments");
  stop.name = "AbortError";
  return stop;
}

/**
 * A server action that runs only with the arguments it states (`actionArg`); with anything else,
 * its code does not run and the request is answered 400 with what was wrong.
 * `export const x = serverAction([actionArg.text, actionArg.form], async (id, form) => ...)`.
 */
export function serverAction<const A extends readonly z.ZodType[], R>(
  args: A,
  run: (...args: Outputs<A>) => Promise<R>,
): (...args: Outputs<A>) => Promise<R> {
  const shape = z.tuple(args as unknown as [z.ZodType, ...z.ZodType[]]);
  return async (...received) => {
    const parsed = shape.safeParse(received);
    const request = actionRequest();
    if (!parsed.success) {
      if (request) request.refusal = `Malformed server action arguments: ${describeZodError(parsed.error).message}`;
      throw refusedCall();
    }
    if (request) request.admitted = true;
    return run(...(parsed.data as Outputs<A>));
  };
}
