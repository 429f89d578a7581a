// The typed client an integrator would generate from /api/docs/json (openapi-typescript +
// openapi-fetch). The types are generated into tests/helpers/api-types.ts (npm run openapi:types,
// which typecheck and the test scripts run first; the file is not committed), so that
// `npm run typecheck` checks the journey in tests/api/openapi.test.ts against the document; that
// test fails when the generated types differ from the live document.
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

export const API_TYPES_FILE = 'tests/helpers/api-types.ts';

const HEADER = '// Generated from the OpenAPI document (GET /api/docs/json) by `npm run openapi:types`: do not edit.\n';

/** The TypeScript types openapi-typescript writes for `document`. */
export async function generateApiTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, { alphabetize: true });
  return HEADER + astToString(ast);
}
