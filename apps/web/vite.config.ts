import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';

const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:8000';
const proxied = ['/api', '/media', '/locales', '/enfermedades', '/img'];

export default defineConfig({
  plugins: [react(), serviceWorker({ entry: 'src/service-worker/sw.ts' }), precompress()],
  // Only the app shell's own files are copied into the build. Translations and legal documents
  // (packages/locales) and landing images (public/) are served by the API, which fills in the
  // operator's details; a copy in dist/ would shadow those routes.
  publicDir: 'static',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((prefix) => [prefix, apiOrigin])),
      '/ws': { target: apiOrigin.replace(/^http/, 'ws'), ws: true },
    },
  },
});
