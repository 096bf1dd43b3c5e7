// How `npm start` runs server.mjs: its node arguments. V8 otherwise lets the heap grow towards a
// quarter of the machine's memory before collecting hard (measured: 400 MiB resident after loading
// 100,000 records through the bulk endpoint, of which 56 MiB were live); 256 MiB keeps it bounded,
// and server.mjs's memory admission (MAX_INFLIGHT_BODY_BYTES) keeps bursts of large bodies under
// it. NODE_OPTIONS=--max-old-space-size=<MiB> overrides the cap.
export function serverArgs(nodeOptions = "") {
  return [...(/--max-old-space-size/.test(nodeOptions) ? [] : ["--max-old-space-size=256"]), "server.mjs"];
}
