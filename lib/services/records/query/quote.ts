const MAX_QUOTED = 100;

/** Client text quoted in a message, shortened so a huge parameter cannot blow up the response. */
export function quote(s: string): string {
  const chars = [...s];
  return chars.length > MAX_QUOTED ? `'${chars.slice(0, MAX_QUOTED - 3).join("")}...'` : `'${s}'`;
}
