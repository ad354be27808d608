import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const outDir = path.resolve('dist/web');
/**
 * What every page runs (React, the router, TanStack Query): one chunk, cached across releases of the
 * app's own code.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/;
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;

/** Writes .br and .gz beside every text asset, so the server sends them without compressing per request. */
function precompress(): Plugin {
  return {
    name: 'brakehouse:precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir).filter((name) => COMPRESSIBLE.test(name))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: '@contract', replacement: path.resolve('contract') },
      // The package's exports name its development build only (with the checks meant for
      // development); the production build sits beside it.
      { find: /^react-router$/, replacement: path.resolve('node_modules/react-router/dist/production/index.mjs') },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Preloading is the server's job: it names each page's chunks in the HTML it sends (from the
    // manifest), which also spares the entry chunk Vite's preload map of every file (decision 0013).
    modulePreload: false,
    manifest: true,
    rolldownOptions: {
      checks: { pluginTimings: false },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // Writes (useMutation) are left to the pages that make them.
              test: (id) => FRAMEWORK.test(id) && !/[\\/](useMutation|mutationObserver)\.js$/.test(id),
            },
            {
              // What most pages use (texts, paths, the fetch error, a part's picture): one file, not
              // several small ones (a part's picture alone was a 0.6 KB file on every catalogue page).
              name: 'shared',
              test: /(contract[\\/](page-texts|paths|media)|components[\\/](FetchError|PageTitle|PartPicture)|features[\\/](products|reviews)[\\/]api)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  css: {
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
