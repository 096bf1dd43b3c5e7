import { getDatabase } from "./client.ts";

/** Database.listen on the process's database: `onNotify` for each committed NOTIFY on `channel`, with its payload. */
export async function listenFor(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  return (await getDatabase()).listen(channel, onNotify);
}
