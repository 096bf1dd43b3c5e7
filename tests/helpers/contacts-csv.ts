/** `n` contacts as a CSV file with unique emails (`tag` keeps runs apart); no Vitest, so benchmarks use it too. */
export function contactsCsv(n: number, tag: string, header = "First name,Last name,Email"): string {
  const lines = [header];
  for (let i = 1; i <= n; i++) lines.push(`Person,${tag} ${i},p${i}.${tag}@example.com`);
  return `${lines.join("\r\n")}\r\n`;
}
