/** Types of server-node-options.mjs (plain JavaScript, shared by `npm start`, the tests and the benchmarks). */
export declare const SERVER_NODE_OPTIONS: readonly string[];
