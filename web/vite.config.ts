import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url)).replace(/\\/g, '/');

/**
 * Writes .vite/chunk-modules.json: for each JS chunk, the modules bundled in it (app files
 * relative to the repository, library files from their package folder on). The budget test
 * (tests/api/web-budgets.test.ts) reads it with the manifest to prove that pages and
 * dashboard-only libraries stay out of the home page's JavaScript.
 */
function chunkModules(): Plugin {
  return {
    name: 'studynest-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        modules[item.fileName] = Object.keys(item.modules)
          .map((id) => {
            const file = id.replace(/\\/g, '/').split('?', 1)[0]!;
            const inPackage = file.lastIndexOf('/node_modules/');
            if (inPackage >= 0) return file.slice(inPackage + '/node_modules/'.length);
            return file.startsWith(repoRoot) ? file.slice(repoRoot.length) : file;
          })
          .sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: `${JSON.stringify(modules, null, 2)}\n`,
      });
    },
  };
}

/**
 * Writes a .br and a .gz next to each text asset, served by @fastify/static's preCompressed
 * (server/http/static-web.ts): compressed once at maximum quality at build time instead of on
 * every request.
 */
function preCompress(): Plugin {
  return {
    name: 'studynest-pre-compress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir!;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html|json)$/.test(fileName) || fileName.startsWith('.vite/')) continue;
        const file = path.join(outDir, fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

// The web app is built into dist/web and served by the Fastify server (same origin, so the
// auth cookies and the strict CSP need no exceptions). In dev, Vite proxies /api to it.
/**
 * Replaces `__APP_FILES__` in the page's entry (web/src/boot.ts) with the JavaScript files of the
 * app it starts (every part boot.ts imports, src/main.tsx last, and every chunk they import,
 * transitively), so that boot.ts can request them all at once before evaluating the app part by
 * part.
 */
function appFiles(): Plugin {
  return {
    name: 'studynest-app-files',
    apply: 'build',
    generateBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/main.tsx'));
      const boot = chunks.find((chunk) => chunk.isEntry);
      if (!app || !boot) this.error('the build has no app chunk (src/main.tsx) or no entry (boot.ts)');
      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
      };
      boot.dynamicImports.filter((fileName) => fileName !== app.fileName).forEach(visit);
      visit(app.fileName);
      const list = JSON.stringify([...files].map((file) => `/${file}`));
      if (!boot.code.includes('__APP_FILES__')) this.error('boot.ts no longer reads __APP_FILES__');
      boot.code = boot.code.replaceAll('__APP_FILES__', list);
    },
  };
}

/**
 * React Router's production build, for `vite build`. Its package.json sends every import
 * condition to dist/development, whose only difference is its development warnings switched on:
 * their checks and messages shipped in the app's React chunk and ran on every route match. The
 * production files sit next to them in the package and are named here, each of them checked, so
 * that a version that moves them fails the build instead of shipping the development one again.
 */
function reactRouterProduction(): Array<{ find: RegExp; replacement: string }> {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ].map((alias) => {
    if (!fs.existsSync(alias.replacement)) throw new Error(`React Router has no production build at ${alias.replacement}`);
    return alias;
  });
}

/**
 * The renderer's code with every character above Latin-1 written as a \\u escape. Node keeps a
 * module's source for the life of the process, in one byte a character only if all of them are
 * Latin-1: the catalogues' typographic quotes and arrows would double the renderer's share of the
 * server's heap (about 1 MB). An escape means the same character in a string, a template, a
 * regular expression or a comment; not in a tagged template's raw text, which this refuses.
 */
function latin1Source(): Plugin {
  const aboveLatin1 = /[\u0100-\uffff]/;
  return {
    name: 'studynest-latin1-source',
    enforce: 'post',
    // Once the bundle is written out (a later step of the build's own would write the escapes back as characters).
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !aboveLatin1.test(chunk.code)) continue;
        const tagged: Array<{ start: number; end: number }> = [];
        const walk = (node: unknown): void => {
          if (!node || typeof node !== 'object') return;
          if (Array.isArray(node)) return node.forEach(walk);
          const n = node as { type?: string; start: number; end: number };
          if (n.type === 'TaggedTemplateExpression') tagged.push(n);
          for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value);
        };
        walk(this.parse(chunk.code));
        for (const { start, end } of tagged) {
          if (aboveLatin1.test(chunk.code.slice(start, end))) throw new Error(`a tagged template holds a character above Latin-1: ${chunk.code.slice(start, start + 80)}`);
        }
        chunk.code = chunk.code.replace(new RegExp(aboveLatin1.source, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      }
    },
  };
}

// `--ssr src/entry-server.tsx` builds the server-side renderer into dist/ssr instead
// (server/http/server-render.ts; docs/decisions/013-server-rendering.md).
export default defineConfig(({ command, isSsrBuild }) => ({
  root: webRoot,
  // The dev server keeps React Router's development build and its warnings.
  resolve: command === 'build' ? { alias: reactRouterProduction() } : {},
  // The renderer bundles React Router, so that it draws pages with the same production build as
  // the browser's (left external, Node would import the development one, as above). It bundles the
  // date picker and date-fns too: left external, the picker's import of date-fns' index loads all
  // of its 800-odd modules into the server for the few functions the picker calls (about 5 MB of
  // the server's heap: their source, code and module records); bundled, only those are kept.
  ssr: isSsrBuild ? { noExternal: ['react-router', 'react-day-picker', 'date-fns', '@date-fns/tz'] } : {},
  plugins: isSsrBuild ? [react(), latin1Source()] : [react(), tailwindcss(), chunkModules(), appFiles(), preCompress()],
  build: isSsrBuild
    ? {
        outDir: fileURLToPath(new URL('../dist/ssr', import.meta.url)),
        emptyOutDir: true,
        // One file: the renderer loads every page, and Node needs no chunks.
        rolldownOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
        emptyOutDir: true,
        // No preload helper: boot.ts's import of the app would insert a <link rel=modulepreload>
        // per chunk (~25, 10 ms of main thread on this machine, 40 ms on a 4× slower phone, right
        // when the page should respond). The app chunk names every chunk it needs at its top
        // (hoisted transitive imports), so the browser fetches them in parallel anyway.
        modulePreload: false,
        // .vite/manifest.json: which chunks each entry and page loads (read by the budget test).
        manifest: true,
        rolldownOptions: {
          output: {
            // A chunk shared by several pages is named after all of them: keep file names short.
            chunkFileNames: (chunk) =>
              chunk.name.length > 40 ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
            // Libraries change less often than the app: separate chunks stay cached across releases.
            codeSplitting: {
              groups: [
                // React Router apart from React: boot.ts evaluates each in a task of its own.
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
                // entriesAware: a library used only by lazily loaded pages (a date picker, a
                // chart) gets a chunk of its own instead of joining the one the home page loads.
                { name: 'vendor', test: /node_modules[\\/]/, entriesAware: true },
              ],
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
}));
