// Responses are written by fast-json-stringify functions compiled, once per route at start-up,
// from the contract's zod schemas (as JSON Schema). Like zod's encode, a compiled function
// writes only the properties the contract lists, so a field added to a row never leaks into an
// answer; unlike it, it does not walk and copy the object first (a nested session DTO list cost
// several % of a signed-in read in the bench profile). Outside production every answer is also
// checked against the zod schema and compared with what zod would have written, so a route that
// breaks its contract, or a schema the compiler reads differently, fails its tests with a 500.
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { isDeepStrictEqual } from 'node:util';
import fastJson, { type Schema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `anyOf: [{ type: 'string' }, { type: 'null' }]` (zod's nullable) becomes `type: ['string', 'null']`,
 * which fast-json-stringify writes without trying each branch.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => isObject(s) && s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && isObject(other) && typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The route's response schema as fast-json-stringify takes it. */
export function toSerializerSchema(schema: z.ZodType): Schema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as Schema;
}

export function responseSerializerCompiler(opts: { verify: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const stringify = fastJson(toSerializerSchema(route.schema));
    if (!opts.verify) return stringify;
    const viaZod = zodSerializerCompiler(route as never) as (data: unknown) => string;
    return (data: unknown) => {
      const expected = viaZod(data); // throws when the answer breaks the contract
      const written = stringify(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${route.method} ${route.url}: the compiled serialiser wrote ${written.slice(0, 300)} where zod wrote ${expected.slice(0, 300)}`);
      }
      return written;
    };
  };
}
