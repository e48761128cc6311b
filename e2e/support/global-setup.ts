import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startServerProcess, type ServerProcess } from '../../apps/api/src/test-support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/index.html');

/** One real server (built web app, embedded database, fresh DATA_DIR) for the browser tests. */
export default async function setup(project: TestProject) {
  if (!existsSync(webDist)) throw new Error('The web app is not built: run `npm run build` first.');
  const server: ServerProcess = await startServerProcess();
  project.provide('baseUrl', server.url);
  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  };
}
