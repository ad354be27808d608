import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PAGE_ACCESS, pageLayouts, pages } from './contract/pages.js';

const outDir = path.resolve('dist/web');
/**
 * What every page runs (React, the router, TanStack Query): one chunk, cached across releases of the
 * app's own code.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/;
/**
 * The react-bootstrap components the forms and cards use, with what they import: one chunk, not the
 * fourteen of 0.2 to 3 KB that /login asked for one round trip at a time (decision 0032). The
 * overlays (Modal, Offcanvas, Carousel) stay with the pages that open them.
 */
const BOOTSTRAP =
  /node_modules[\\/]react-bootstrap[\\/]esm[\\/](Button|Form|Container|Row|Col|Card|Badge|Alert|Spinner)\.js$/;
/**
 * Zod and the contract modules that make the forms' and the cart's schemas. Only these: what they
 * import stays where it is (`includeDependenciesRecursively: false`), or contract/catalogue-names.ts,
 * which the catalogue's pages need without zod, would bring zod into their first download. Not
 * messages.ts: it makes no schema, and every page shows some of its words (a module of this chunk
 * that the entry imports runs zod before lib/zod-jitless.ts; server/http/first-download.test.ts).
 */
const SCHEMAS = /node_modules[\\/]zod[\\/]|[\\/]contract[\\/](common|auth|money|orders|checkout)\.ts$/;
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;

/** Writes .br and .gz beside every text asset, so the server sends them without compressing per request. */
function precompress(): Plugin {
  // The build's own folder (`vite build --outDir` may move it), not the default.
  let builtDir = outDir;
  return {
    name: 'brakehouse:precompress',
    apply: 'build',
    configResolved(config) {
      builtDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // A build that failed wrote nothing: its own error is the one to show.
      if (!existsSync(builtDir)) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(builtDir).filter((name) => COMPRESSIBLE.test(name))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * The router draws each page's guard from its `access` in the page table: a page without one (a
 * table edited in plain JavaScript, or past the type checker) fails the build instead of opening
 * to anyone.
 */
function everyPageHasAccess(): Plugin {
  return {
    name: 'brakehouse:every-page-has-access',
    buildStart() {
      for (const [name, page] of Object.entries({ ...pages, ...pageLayouts })) {
        if (!(PAGE_ACCESS as readonly unknown[]).includes((page as { access?: unknown }).access))
          this.error(`contract/pages.ts: the page ${name} has no access (one of ${PAGE_ACCESS.join(', ')})`);
      }
    },
  };
}

/**
 * React Router's module makes its components and contexts with `React.forwardRef(...)` and
 * `React.createContext(...)` at its top level, calls the bundler must keep unless told they are
 * pure: `Form`, the framework mode's prefetch links and RSC parts rode along in every page's first
 * download though the store uses none of them.
 */
function pureReactRouter(): Plugin {
  return {
    name: 'brakehouse:pure-react-router',
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        return {
          code: code
            .replace(/=\s*(React\d*\.(?:forwardRef|createContext|memo)\()/g, '= /* @__PURE__ */ $1')
            .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
            .replace(/React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/, 'null'),
          map: null,
        };
      },
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [everyPageHasAccess(), react(), pureReactRouter(), precompress()],
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
            { name: 'bootstrap', test: BOOTSTRAP },
            { name: 'schemas', test: SCHEMAS, includeDependenciesRecursively: false },
            {
              // The forms' own libraries: react-hook-form and its zod resolver.
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]|[\\/]lib[\\/]zod-resolver\.ts$/,
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
