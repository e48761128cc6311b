// The Node.js options the API server runs with wherever it runs as deployed: `npm start`
// (scripts/start.mjs), and the browser tests and benchmarks that start the compiled server
// (apps/api/src/test-support/server-process.ts, apps/api/bench/http.ts).
export const SERVER_NODE_OPTIONS = Object.freeze([
  // Stack traces name the TypeScript lines; measured, this costs nothing per request and about
  // 0.3 s of CPU and 6 MiB at start-up (decision 0015).
  '--enable-source-maps',
  // Young generation of at most 8 MiB per semi-space (V8 grows it to 64 MiB under load): a chat
  // instance's scavenges pause it 2–5 ms every few hundred milliseconds instead of 10–30 ms every
  // second or two, which set its p99; request throughput stays as it was (decision 0055).
  '--max-semi-space-size=8',
]);
