// One way to validate a request body: a JSON schema per route (built with TypeBox), checked by Fastify before the
// handler runs, and one formatter turning every problem found into the catalogue's 400/2002 `invalid_fields`.
import { Type, type SchemaOptions, type TSchema, type Static } from '@sinclair/typebox';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { invalidData, type ApiError } from './errors.js';

export type { Static };

/**
 * The validator's options. Every problem is reported, not only the first: the contract's validation answer lists
 * `invalid_fields`, and a client can then mark all bad fields at once. No type coercion ("5" is not a number
 * here, as it was not before schemas), nothing removed or defaulted: the handler reads what was sent.
 * allErrors is safe here because bodies are capped at 1 MB and every array in a schema has a maxItems.
 * allowUnionTypes: the schemas state "this type or null" as a type list on purpose (see below); without it Ajv logs
 * a strict-mode warning for each such field at every server start.
 */
export const AJV_OPTIONS = { allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false, verbose: true, allowUnionTypes: true } as const;

/** Integer columns are 32-bit in PostgreSQL: a larger number is invalid input, not a database error. */
export const MAX_INT = 2_147_483_647;

/**
 * Optional fields accept null as "not sent", as the reference does (Go zero values); the type is stated as a
 * type list rather than a union so that a wrong type is one problem ("must be a string"), not one per branch.
 */
const nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, 'null'] }));

export const Body = {
  string: (opts: SchemaOptions & { maxLength?: number } = {}) => nullable(Type.String(opts)),
  bool: (opts: SchemaOptions = {}) => nullable(Type.Boolean(opts)),
  int: (opts: SchemaOptions & { minimum?: number; maximum?: number } = {}) => nullable(Type.Integer({ minimum: -MAX_INT, maximum: MAX_INT, ...opts })),
  number: (opts: SchemaOptions & { minimum?: number; maximum?: number } = {}) => nullable(Type.Number(opts)),
  /** A body: an object whose unknown fields are ignored (clients send whole models back). */
  object: <P extends Record<string, TSchema>>(props: P) => Type.Object(props, { additionalProperties: true }),
};

const ARTICLE: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
};

/** `/a/0/b` → `a[0].b`, the way a client names a field. */
function fieldName(instancePath: string, root: string): string {
  if (instancePath === '') return root;
  return instancePath
    .slice(1)
    .split('/')
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, seg) => (/^\d+$/.test(seg) ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg), '');
}

/** One line of `invalid_fields` for one problem, worded as the hand-written checks word theirs. */
function describeProblem(e: FastifySchemaValidationError & { parentSchema?: Record<string, unknown> }, root = 'body'): string | null {
  const field = fieldName(e.instancePath, root);
  const p = e.params as Record<string, unknown>;
  const custom = e.parentSchema?.['x-invalid'];
  switch (e.keyword) {
    case 'required':
      return `${fieldName(`${e.instancePath}/${String(p.missingProperty)}`, root)}: non zero value required`;
    case 'type': {
      if (e.instancePath === '' && root === 'body') return 'body: must be a JSON object';
      const types = String(p.type).split(',').filter((t) => t !== 'null');
      return `${field}: must be ${types.map((t) => ARTICLE[t] ?? t).join(' or ')}`;
    }
    case 'maxLength':
      return `${field}: must be at most ${String(p.limit)} characters`;
    case 'minLength':
      return `${field}: must be at least ${String(p.limit)} characters`;
    case 'minimum':
    case 'maximum': {
      const min = e.parentSchema?.minimum;
      const max = e.parentSchema?.maximum;
      if (typeof min === 'number' && typeof max === 'number') return `${field}: must be between ${min} and ${max}`;
      return `${field}: must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${String(p.limit)}`;
    }
    case 'maxItems':
      return `${field}: must have at most ${String(p.limit)} entries`;
    case 'enum':
      return `${field}: must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'pattern':
    case 'format':
      return `${field}: ${typeof custom === 'string' ? custom : 'has an invalid format'}`;
    default:
      return `${field}: ${e.message ?? 'is invalid'}`;
  }
}

/** At most this many lines: enough for any real form, and a hostile body cannot make the answer huge. */
const MAX_PROBLEMS = 50;

/** Fastify's schema error formatter: every problem of the request part as one 400/2002. */
export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): ApiError {
  const root = dataVar === 'body' ? 'body' : dataVar;
  const lines = [...new Set(errors.map((e) => describeProblem(e, root)).filter((l): l is string => l !== null))];
  return invalidData(...lines.slice(0, MAX_PROBLEMS));
}
