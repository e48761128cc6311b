import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * What the worker installs: the scripts, styles, fonts and pictures of the build and the public
 * files beside them. Left out: source maps (only developer tools read them), the older .woff fonts
 * (every browser with service workers takes .woff2), the worker itself, and the install icons and
 * manifest (the browser fetches those when it installs the app, never to draw a page).
 */
export function isPrecached(fileName: string): boolean {
  return (
    !/\.(map|woff|br|gz)$/.test(fileName) &&
    fileName !== 'sw.js' &&
    fileName !== 'manifest.webmanifest' &&
    !fileName.startsWith('icons/')
  );
}

async function filesUnder(directory: string, root = directory): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  const found: string[][] = await Promise.all(
    entries.map((entry) => {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) return filesUnder(full, root);
      return Promise.resolve(entry.isFile() ? [path.relative(root, full).split(path.sep).join('/')] : []);
    }),
  );
  return found.flat();
}

/**
 * Writes /sw.js (issue 20, decision 0020): `src/service-worker/sw.ts` bundled by esbuild, with the
 * list of this build's files and a version, the hash of their contents. The same version goes into
 * index.html as `<meta name="juntos-version">`, so a page can tell whether a waiting worker
 * brings another release or its own. Runs after Vite's own plugins (index.html and the styles are
 * in the bundle by then) and before precompress.ts, which finds sw.js written like any other file.
 */
export function serviceWorker({ entry }: { entry: string }): Plugin {
  let publicDir = '';
  return {
    name: 'juntos:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const contents = new Map<string, string | Uint8Array>();
      for (const [fileName, output] of Object.entries(bundle))
        contents.set(fileName, output.type === 'chunk' ? output.code : output.source);
      for (const fileName of publicDir ? await filesUnder(publicDir) : [])
        contents.set(fileName, await readFile(path.join(publicDir, fileName)));

      const precached = [...contents.keys()].filter(isPrecached).sort();
      if (!precached.includes('index.html')) this.error('index.html is not in the bundle');
      const hash = createHash('sha256');
      for (const fileName of precached)
        hash.update(`${fileName}\0`).update(contents.get(fileName)!).update('\0');
      const version = hash.digest('hex').slice(0, 16);

      const html = bundle['index.html'];
      if (html?.type === 'asset')
        html.source = String(html.source).replace(
          '</head>',
          `  <meta name="juntos-version" content="${version}" />\n  </head>`,
        );

      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2020',
        legalComments: 'none',
        define: {
          __JUNTOS_PRECACHE__: JSON.stringify(precached.map((fileName) => `/${fileName}`)),
          __JUNTOS_VERSION__: JSON.stringify(version),
        },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: result.outputFiles[0]!.text });
    },
  };
}
