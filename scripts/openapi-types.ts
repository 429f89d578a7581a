// Writes tests/helpers/api-types.ts from the app's OpenAPI document (a fresh SQLite app, as in tests).
import fs from 'node:fs';
import { API_TYPES_FILE, generateApiTypes } from '#tests/helpers/openapi-client.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';

const t = await createTestApp({ LOG_LEVEL: 'silent' });
try {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  fs.writeFileSync(API_TYPES_FILE, await generateApiTypes(res.json()));
  console.log(`wrote ${API_TYPES_FILE}`);
} finally {
  await t.close();
}
