import { getDatabase } from "./client.ts";

/** Database.listen on the process's database: `onNotify` for each committed NOTIFY on `channel`. */
export async function listenFor(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  return (await getDatabase()).listen(channel, onNotify);
}
