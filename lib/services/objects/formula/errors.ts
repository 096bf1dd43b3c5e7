/**
 * Error raised for any problem with a formula's source or its types.
 * `position` is the 0-based character offset into the source (null when the
 * problem is not tied to one spot). The message always names the problem and,
 * when known, the position: `Unexpected ")" at position 7`.
 */
export class FormulaError extends Error {
  readonly position: number | null;

  constructor(message: string, position: number | null = null) {
    super(position === null ? message : `${message} at position ${position}`);
    this.name = "FormulaError";
    this.position = position;
  }
}
