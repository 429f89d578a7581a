// The web app's size budgets. Bundle sizes are deterministic, so they are tests: they read the production
// build in dist/web (`npm test` builds first) through the Vite manifest and the module map that
// web/vite.config.ts writes next to it, and the images and <img> tags of web/src.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const DIST = path.resolve('dist/web');
const WEB_SRC = path.resolve('web/src');
const HOME_PAGE = 'web/src/features/sessions/pages/home-page.tsx';
const KB = 1024;
/** JavaScript the home page loads before it can render: entry and everything it imports. */
const HOME_JS_BUDGET = 170 * KB;
/** Any lazily loaded chunk of its own (a page, a library loaded on demand). */
const ROUTE_CHUNK_BUDGET = 60 * KB;
/** Libraries only the dashboard needs (module paths inside node_modules). */
const DASHBOARD_ONLY_LIBRARIES: Array<{ name: string; test: RegExp }> = [
  { name: 'a date picker', test: /^(react-datepicker|react-day-picker|flatpickr|pikaday|cally|@mui\/x-date-pickers)\// },
  { name: 'date-fns locales', test: /^date-fns\/locale/ },
];
const MODERN_IMAGE = /\.(svg|webp|avif)$/i;
const ANY_IMAGE = /\.(png|jpe?g|gif|bmp|tiff?|webp|avif|svg|ico)$/i;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

let manifest: Manifest;
let chunkModules: Record<string, string[]>;

beforeAll(() => {
  const manifestFile = path.join(DIST, '.vite', 'manifest.json');
  const modulesFile = path.join(DIST, '.vite', 'chunk-modules.json');
  for (const file of [manifestFile, modulesFile]) {
    if (!fs.existsSync(file)) {
      throw new Error(
        `${path.relative(process.cwd(), file)} is missing: the budget tests read the production build. Run \`npm run build\` first (\`npm test\` does).`,
      );
    }
  }
  manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  chunkModules = JSON.parse(fs.readFileSync(modulesFile, 'utf8')) as Record<string, string[]>;
});

function gzipSize(file: string): number {
  return gzipSync(fs.readFileSync(path.join(DIST, file))).length;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Manifest keys of `key` and everything it imports statically, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

/** The app that web/src/boot.ts (the page's entry) starts once the page is painted. */
const APP_ENTRY = 'src/main.tsx';

/** The JavaScript files `/` loads: the entry's graph and the parts of the app it starts, plus the home page's if it is lazy. */
function homeFiles(): string[] {
  const keys = staticClosure('index.html');
  const started = manifest['index.html']!.dynamicImports ?? [];
  expect(started, 'boot.ts no longer starts main.tsx: update APP_ENTRY').toContain(APP_ENTRY);
  for (const part of started) staticClosure(part, keys);
  const lazyHome = Object.keys(manifest).find((key) => `web/${key}` === HOME_PAGE);
  if (lazyHome) staticClosure(lazyHome, keys);
  return [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

function modulesOf(files: string[]): string[] {
  return files.flatMap((file) => chunkModules[file] ?? []);
}

describe('web budgets (production build)', () => {
  it(`loads at most ${kb(HOME_JS_BUDGET)} of gzipped JavaScript on /`, () => {
    const files = homeFiles();
    const sizes = files.map((file) => ({ file, gzip: gzipSize(file) }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    const detail = sizes
      .sort((a, b) => b.gzip - a.gzip)
      .map(({ file, gzip }) => `  ${kb(gzip).padStart(9)}  ${file}`)
      .join('\n');
    expect(
      total,
      `/ loads ${kb(total)} of gzipped JavaScript (budget ${kb(HOME_JS_BUDGET)}):\n${detail}\nLoad pages as route modules (web/src/app/router.tsx page(() => import(…))) and heavy libraries with import().`,
    ).toBeLessThanOrEqual(HOME_JS_BUDGET);
  });

  it(`keeps every lazily loaded chunk at most ${kb(ROUTE_CHUNK_BUDGET)} gzipped`, () => {
    const lazy = Object.entries(manifest).filter(([, chunk]) => chunk.isDynamicEntry);
    // The routes are split at all (web/src/app/router.tsx loads each page's route module with import()).
    expect(lazy.length, 'no lazily loaded chunk in the build').toBeGreaterThan(5);
    const over = lazy
      .map(([key, chunk]) => ({ key, file: chunk.file, gzip: gzipSize(chunk.file) }))
      .filter(({ gzip }) => gzip > ROUTE_CHUNK_BUDGET)
      .map(({ key, file, gzip }) => `${key} (${file}): ${kb(gzip)}`);
    expect(over, `chunks over ${kb(ROUTE_CHUNK_BUDGET)} gzipped`).toEqual([]);
  });

  it('keeps the other pages out of the home page JavaScript', () => {
    const pages = modulesOf(homeFiles()).filter(
      (module) => /^web\/src\/features\/[^/]+\/pages\//.test(module) && module !== HOME_PAGE,
    );
    expect(pages, 'pages bundled with / (load them with page(() => import(…)) in router.tsx)').toEqual([]);
  });

  it('keeps dashboard-only libraries (date pickers, locales) out of the home page JavaScript', () => {
    const home = modulesOf(homeFiles());
    for (const library of DASHBOARD_ONLY_LIBRARIES) {
      const found = home.filter((module) => library.test.test(module));
      expect(found, `${library.name} is in the JavaScript of / (load it with import())`).toEqual([]);
    }
    // The popups are native <dialog>s (web/src/lib/dialogs.ts, docs/decisions/047-native-dialogs.md): no dialog library ships at all.
    const everywhere = Object.values(chunkModules).flat();
    expect(everywhere.filter((module) => module.startsWith('sweetalert2/'))).toEqual([]);
  });

  it('ships images in modern formats only (SVG, WebP, AVIF)', () => {
    const shipped = [
      ...listFiles(WEB_SRC).map((file) => path.relative(process.cwd(), file)),
      ...listFiles(path.join(DIST, 'assets')).map((file) => path.relative(process.cwd(), file)),
      ...(fs.existsSync('web/public') ? listFiles(path.resolve('web/public')) : []).map((file) =>
        path.relative(process.cwd(), file),
      ),
    ].filter((file) => ANY_IMAGE.test(file));
    expect(shipped.length, 'no images found at all').toBeGreaterThan(0);
    // Files that others fetch by a fixed name and format, never drawn on a page: the favicon, the
    // web app manifest's icons, and the link-preview image (not every crawler reads WebP).
    const forOthers = new Set(['web/public/favicon.ico', 'web/public/icon-192.png', 'web/public/icon-512.png', 'web/public/og-image.png']);
    expect(shipped.filter((file) => !MODERN_IMAGE.test(file) && !forOthers.has(file)), 'images in legacy formats').toEqual([]);
  });

  it('declares width and height on every <img> in web/src (no layout shift)', () => {
    const missing: string[] = [];
    for (const file of listFiles(WEB_SRC).filter((f) => f.endsWith('.tsx'))) {
      const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
      const visit = (node: ts.Node) => {
        if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText() === 'img') {
          const names = node.attributes.properties
            .filter(ts.isJsxAttribute)
            .map((attribute) => attribute.name.getText());
          const lacking = ['width', 'height'].filter((name) => !names.includes(name));
          if (lacking.length > 0) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart());
            missing.push(`${path.relative(process.cwd(), file)}:${line + 1} lacks ${lacking.join(' and ')}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(missing, '<img> without declared size').toEqual([]);
  });
});

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

// Node keeps a module's source for the life of the process, one byte a character only when every
// character is Latin-1 (scripts/build-server.mjs, web/vite.config.ts latin1Source).
describe('the server’s bundles', () => {
  it.each(['dist/server/main.js', 'dist/ssr/entry-server.js'])('%s holds no character above Latin-1', (file) => {
    const source = fs.readFileSync(path.resolve(file), 'utf8');
    const above = /[\u0100-\uffff]/.exec(source);
    expect(above && source.slice(Math.max(0, above.index - 60), above.index + 20)).toBeNull();
  });
});
