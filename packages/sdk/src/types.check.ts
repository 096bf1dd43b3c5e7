import { createCrmClient } from "./index.ts";
const crm = createCrmClient({ url: "http://127.0.0.1:3000", apiKey: "k" });
export async function f() {
  const rec = await crm.post("/{object}", { params: { path: { object: "contact" } }, body: { last_name: "x" } });
  const id: string = rec.id;
  const list = await crm.get("/{object}", { params: { path: { object: "contact" }, query: { limit: 10 } } });
  const t: number = list.total;
  for await (const r of crm.paginate("/{object}", { params: { path: { object: "contact" } } })) {
    const s: string = r.id;
    void s;
  }
  for await (const e of crm.paginate("/events", { params: { query: { limit: 5 } } })) {
    const s: string = e.type;
    void s;
  }
  for await (const row of crm.paginate("/data/{object}", { params: { path: { object: "contact" } } })) {
    void row;
  }
  const del = await crm.delete("/{object}/{id}", { params: { path: { object: "contact", id } } });
  // @ts-expect-error: a path that is not in the API
  await crm.get("/nope");
  // @ts-expect-error: the path parameters are required
  await crm.get("/{object}/{id}");
  return [t, del];
}
