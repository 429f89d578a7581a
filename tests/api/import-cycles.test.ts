// The lint rule that keeps the import graph free of cycles counts type-only imports too
// (eslint-rules/no-cycle.js, docs/decisions/046-no-hidden-state.md): import-x/no-cycle alone
// passes over a cycle made of `import type`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint, type Linter } from 'eslint';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import projectRules from '../../eslint-rules/no-cycle.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
  // A "feature" naming the "app's dependencies", which name the feature's port: types only.
  write('app-deps.ts', "import type { Port } from './feature.ts';\nexport interface AppDeps { port: Port }\n");
  write('feature.ts', "import type { AppDeps } from './app-deps.ts';\nexport interface Port { run(deps: AppDeps): void }\n");
  // One way only.
  write('core.ts', 'export interface Core { now(): Date }\n');
  write('user.ts', "import type { Core } from './core.ts';\nexport const use = (core: Core) => core.now();\n");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The rule's reports on the fixture's files, as `file: message`. */
async function lint(rules: Linter.RulesRecord): Promise<string[]> {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { ...importX.flatConfigs.recommended.plugins, studynest: projectRules },
        settings: {
          'import-x/resolver-next': [importX.createNodeResolver()],
          'import-x/extensions': ['.ts'],
          'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
        },
        rules,
      },
    ],
  });
  const results = await eslint.lintFiles(['*.ts']);
  return results.flatMap((result) => result.messages.map((m) => `${path.basename(result.filePath)}: ${m.message}`)).sort();
}

describe('import cycles', () => {
  it('are reported when made of type-only imports', async () => {
    expect(await lint({ 'studynest/no-cycle': 'error' })).toEqual([
      'app-deps.ts: Import cycle (type-only imports count)',
      'feature.ts: Import cycle (type-only imports count)',
    ]);
  });

  it('were not, by import-x/no-cycle alone (why the project has its own rule)', async () => {
    expect(await lint({ 'import-x/no-cycle': 'error' })).toEqual([]);
  });

  it('are what the project lints its code with', async () => {
    const config = await new ESLint({ cwd: ROOT }).calculateConfigForFile(path.join(ROOT, 'server/app.ts'));
    expect(config.rules['studynest/no-cycle']?.[0]).toBe(2);
    expect(config.rules['import-x/no-cycle']).toBeUndefined();
  });
});
