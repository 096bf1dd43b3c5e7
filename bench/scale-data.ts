/** The contacts bench/scale.ts loads: deterministic, varied enough that each case selects a realistic share. */
export const FIRST = ["Ada", "Alan", "Grace", "Marie", "Nikola", "José", "Zoë", "Søren", "Łukasz", "Renée", "Mei", "Omar", "Priya", "Yuki"];
const LAST = ["Mendoza", "Meyer", "Medina", "Mercer", "Memmott", "Lovelace", "Turing", "Hopper", "Curie", "Tesla", "Dvořák", "Okafor"];
export const CITIES = ["Memphis", "Lyon", "Kraków", "Osaka", "Lagos", "Porto", "Denver", "Aarhus", "Pune", "Quito"];
const TITLES = ["Software Engineer", "Account Executive", "VP Sales", "Data Engineer", "Office Manager", "CFO", "Buyer", "Designer"];
const STAGES = ["subscriber", "lead", "customer", "evangelist"];

export function contact(i: number): Record<string, unknown> {
  const r = (n: number) => (i * 2654435761 + n * 40503) % 1_000_003;
  return {
    first_name: FIRST[r(1) % FIRST.length],
    last_name: LAST[r(2) % LAST.length],
    email: `c${i}@scale.example`,
    phone: `+1 555 ${String(r(3) % 10_000_000).padStart(7, "0")}`,
    job_title: TITLES[r(4) % TITLES.length],
    lifecycle_stage: STAGES[r(5) % STAGES.length],
    birthday: new Date(Date.UTC(1950, 0, 1) + (r(6) % 18_250) * 86_400_000).toISOString().slice(0, 10),
    city: CITIES[r(7) % CITIES.length],
    score: r(8) % 1000,
  };
}
