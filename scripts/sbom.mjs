// Writes a CycloneDX SBOM of what StudyNest ships (production dependencies, from
// package-lock.json) to sbom.cdx.json: `npm run sbom` (add `-- --include-dev` for the dev
// tools too). A wrapper around npm's own `npm sbom`, so no extra tool is needed; the file is
// generated on demand (gitignored). See docs/decisions/008-supply-chain.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const includeDev = process.argv.includes('--include-dev');
const out = path.join(root, 'sbom.cdx.json');

const args = ['sbom', '--sbom-format', 'cyclonedx', '--sbom-type', 'application', '--package-lock-only', ...(includeDev ? [] : ['--omit', 'dev'])];
const npm = spawnSync('npm', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (npm.status !== 0) {
  console.error(`npm ${args.join(' ')} failed:\n${npm.stderr}`);
  process.exit(1);
}
const bom = JSON.parse(npm.stdout);
if (bom.bomFormat !== 'CycloneDX' || !Array.isArray(bom.components) || bom.components.length === 0) {
  console.error('npm sbom did not produce a CycloneDX document with components');
  process.exit(1);
}
// npm names the root after the folder it sits in; name it after the package.
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
if (bom.metadata?.component) bom.metadata.component.name = pkg.name;
fs.writeFileSync(out, `${JSON.stringify(bom, null, 2)}\n`);
const licences = new Set(bom.components.flatMap((c) => (c.licenses ?? []).map((l) => l.license?.id ?? l.license?.name ?? l.expression)).filter(Boolean));
console.log(`sbom: ${path.relative(root, out)} — CycloneDX ${bom.specVersion}, ${bom.components.length} ${includeDev ? '' : 'production '}components, ${licences.size} distinct licences`);
