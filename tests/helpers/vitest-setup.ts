// console.error fails a test: an unexpected error must not scroll by unnoticed. So does an API
// answer the OpenAPI document does not describe (tests/helpers/openapi-answers.ts).
import { afterAll, afterEach, vi } from 'vitest';
import { takeAnswerMismatches } from './openapi-answers.ts';

let errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length) throw new Error(`console.error was called:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
});

const failOnMismatches = () => {
  const mismatches = takeAnswerMismatches();
  if (mismatches.length) throw new Error(`answers the OpenAPI document does not describe (server/http/openapi.ts, contract/):\n${[...new Set(mismatches)].join('\n')}`);
};
afterEach(failOnMismatches);
// Answers received in beforeAll and afterAll too.
afterAll(failOnMismatches);
