// Writes tests/helpers/api-types.ts from the app's OpenAPI document (a fresh SQLite app, as in
// tests). The file is not committed: `npm run typecheck`, `npm test` and `npm run test:unit` run
// this first. It is rewritten only when the document changed.
import fs from 'node:fs';
import { API_TYPES_FILE, generateApiTypes } from '#tests/helpers/openapi-client.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';

const t = await createTestApp({ LOG_LEVEL: 'silent' });
try {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const types = await generateApiTypes(res.json());
  const current = fs.existsSync(API_TYPES_FILE) ? fs.readFileSync(API_TYPES_FILE, 'utf8') : null;
  if (types !== current) fs.writeFileSync(API_TYPES_FILE, types);
  console.log(`${types === current ? 'up to date' : 'wrote'}: ${API_TYPES_FILE}`);
} finally {
  await t.close();
}
