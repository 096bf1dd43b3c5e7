import type { FunctionName } from "./ast";

interface FunctionArity {
  min: number;
  /** null = variadic */
  max: number | null;
}

export const FUNCTION_ARITY: Readonly<Record<FunctionName, FunctionArity>> = {
  IF: { min: 3, max: 3 },
  ROUND: { min: 2, max: 2 },
  ABS: { min: 1, max: 1 },
  MIN: { min: 1, max: null },
  MAX: { min: 1, max: null },
  CONCAT: { min: 1, max: null },
  UPPER: { min: 1, max: 1 },
  LOWER: { min: 1, max: 1 },
  LEN: { min: 1, max: 1 },
  COALESCE: { min: 1, max: null },
  ISBLANK: { min: 1, max: 1 },
};

export function lookupFunction(name: string): FunctionName | null {
  const upper = name.toUpperCase();
  return Object.hasOwn(FUNCTION_ARITY, upper) ? (upper as FunctionName) : null;
}

export function describeArity({ min, max }: FunctionArity): string {
  const plural = (n: number) => `${n} argument${n === 1 ? "" : "s"}`;
  if (max === null) return `at least ${plural(min)}`;
  if (min === max) return plural(min);
  return `${min} to ${max} arguments`;
}
