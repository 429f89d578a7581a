// The production build of the web app, which the tests of server-drawn pages and forms read
// (`npm test` builds first).
import fs from 'node:fs';
import path from 'node:path';

export const WEB_DIR = path.resolve('dist/web');
export const RENDERER = path.resolve('dist/ssr/entry-server.js');

/** The built web folder for createTestApp's `webDir`; a readable error when the build is missing. */
export function builtWeb(): string {
  for (const file of [path.join(WEB_DIR, 'index.html'), RENDERER]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} is missing: run \`npm run build\` first (\`npm test\` does).`);
  }
  return WEB_DIR;
}
