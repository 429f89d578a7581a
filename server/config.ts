// The one place that reads process.env. Parsed once at start; a bad value stops
// the server with a message naming the variable.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CURRENCY } from '#contract/users.ts';

/** SQLite's page cache when SQLITE_CACHE_MB is not set (docs/decisions/071-speed-at-full-scale.md). */
export const DEFAULT_SQLITE_CACHE_MB = 8;

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  // Unset means production: a server started by hand (`node dist/server/main.js`) seeds no demo
  // admin, prints no password and logs no link; `npm start` and `npm run dev` say development.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(postgres(ql)?:\/\/|file:|sqlite:)/.test(v) || !v.includes('://'), {
      message: 'must be postgres://… or a SQLite file path',
    })
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('StudyNest <no-reply@studynest.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url()
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  // Single sign-on with the school's OpenID Connect provider (docs/decisions/058-single-sign-on.md).
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ALLOWED_DOMAINS: z.string().optional(),
  OIDC_REQUIRED_DOMAINS: z.string().optional(),
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(40).default('your school account'),
  OIDC_ROLE_CLAIM: z.string().min(1).optional(),
  OIDC_DOMAIN_ROLES: z.string().optional(),
  OIDC_DISCOVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  DEMO_DATA: boolish.optional(),
  TRUST_PROXY: z.string().optional(),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).max(1000).default(3),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  TEST_PAYMENTS: boolish.optional(),
  CURRENCY: z.string().default(DEFAULT_CURRENCY),
  BENCH_ROUTES: boolish.optional(),
  LIST_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  SQLITE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(DEFAULT_SQLITE_CACHE_MB),
  METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces').optional(),
  DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  S3_URL: z.url({ protocol: /^https?$/ }).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 lowercase letters, digits, dots, hyphens)').optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  WEBHOOK_ALLOW_PRIVATE: boolish.optional(),
  LTI_PRIVATE_KEY: z.string().regex(/^-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----\s*$/, 'a PKCS #8 RSA private key in PEM (-----BEGIN PRIVATE KEY-----)').optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  /** SQLite: the file, and the most its page cache keeps in this process's memory (SQLITE_CACHE_MB). */
  database: { dialect: 'sqlite'; file: string; cacheMb?: number } | { dialect: 'postgres'; url: string };
  authSecret: string;
  adminEmail: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /** OIDC_*: the school's OpenID Connect provider, when issuer, client id and secret are all set. */
  singleSignOn: SingleSignOnConfig | undefined;
  /**
   * How long a sign-in waits for the provider's discovery document (and its keys) before the
   * login page is told the provider cannot be reached: one that takes the connection and never
   * answers would otherwise hold the sign-in, and the browser, with it.
   */
  singleSignOnDiscoveryTimeoutMs: number;
  /** Seed demo data into an empty database: DEMO_DATA, else only in development. */
  demoData: boolean;
  /** The settings a production server should be given that were not (the start warns of each). */
  unset: UnsetSetting[];
  trustProxy: string[] | boolean;
  /** Sign-in attempts allowed per client address per 10 seconds. */
  signInRateLimit: number;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /**
   * Without Stripe, a built-in page marked "Test payment, no money moves" stands in for Checkout:
   * on by default for `npm start` with demo data (development), in production and
   * tests only when TEST_PAYMENTS=true; never beside Stripe.
   */
  testPayments: boolean;
  /**
   * What every price is charged and written in: an ISO 4217 code (upper case) of a currency kept
   * in hundredths, as amounts are stored (docs/decisions/045-payment-providers.md).
   */
  currency: string;
  /** Registers GET /api/bench/baseline, the bare route `npm run bench` compares every route with. */
  benchRoutes: boolean;
  /** How long each process caches the public session lists; 0 = off (the default in tests, whose factories insert rows directly). */
  listCacheMs: number;
  /** The bearer token GET /metrics asks for; unset = no metrics at all (server/metrics/metrics.ts). */
  metricsToken: string | undefined;
  /** After SIGTERM, how long the process keeps serving, not ready, before it stops listening (server/http/drain.ts). */
  drainGraceMs: number;
  /** Where uploaded files go: an S3-compatible bucket, or (undefined) the data folder. */
  storage: S3Settings | undefined;
  /** Requests each API key may make per minute, per process (server/features/api-keys). */
  apiKeyRateLimit: number;
  /** Webhooks may go to private, loopback and link-local addresses and plain http (a receiver on the operator's own network, tests). */
  webhookAllowPrivate: boolean;
  /** LTI_PRIVATE_KEY: StudyNest's LTI signing key (PKCS #8 PEM); unset, one is made once and kept in the database (server/features/lti). */
  ltiPrivateKey: string | undefined;
}

/** An S3-compatible bucket for uploaded files (server/storage/s3-storage.ts). */
export interface S3Settings {
  /** Another S3-compatible service (MinIO, Ceph, R2…); absent = AWS S3. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Put before every key: `studynest/` from S3_URL `…/bucket/studynest`; '' for the bucket's root. */
  prefix: string;
  /** Absent = the SDK's default chain (AWS_ACCESS_KEY_ID…, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`: on for a custom endpoint. */
  forcePathStyle: boolean;
}

export interface SingleSignOnConfig {
  /** The provider's issuer; its discovery document is at `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-cased email domains that may sign in through the provider; empty: any. */
  allowedDomains: string[];
  /** Lower-cased email domains whose addresses may not sign in or up with a password. */
  requiredDomains: string[];
  /** The button says "Sign in with <label>". */
  buttonLabel: string;
  /** An ID token claim whose value(s) may make a first sign-in a tutor (never an admin). */
  roleClaim: string | undefined;
  /** The role a first sign-in from a domain gets, before the claim is read (student or tutor, never admin). */
  domainRoles: Array<{ domain: string; role: 'student' | 'tutor' }>;
}

/** A comma list of email domains, lower-cased, without a leading `@`. */
function domainList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean);
}

/**
 * OIDC_DOMAIN_ROLES: comma-separated `domain=role` rules (`staff.school.edu=tutor`); a role other
 * than student or tutor stops the start (admin is never given by a provider: decision 058).
 */
function domainRoleList(value: string | undefined): SingleSignOnConfig['domainRoles'] {
  return (value ?? '').split(',').map((rule) => rule.trim()).filter(Boolean).map((rule) => {
    const [domain = '', role = ''] = rule.split('=').map((part) => part.trim().toLowerCase());
    if (!domain || (role !== 'student' && role !== 'tutor')) throw configError('OIDC_DOMAIN_ROLES', `"${rule}" must be domain=student or domain=tutor`);
    return { domain: domain.replace(/^@/, ''), role };
  });
}

export class ConfigError extends Error {}

const configError = (variable: string, message: string) => new ConfigError(`Invalid environment configuration:\n  ${variable}: ${message}`);

/** S3_URL (`https://KEY:SECRET@host/bucket[/prefix][?region=…]`) or S3_BUCKET with its companions; neither = disk. */
function s3Settings(env: Env): S3Settings | undefined {
  const parts = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_REGION, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (env.S3_URL && parts.some(Boolean)) throw configError('S3_URL', 'set either S3_URL or the S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY variables, not both');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) throw configError('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  if (env.S3_URL) {
    const url = new URL(env.S3_URL);
    const [bucket, ...prefix] = url.pathname.split('/').filter(Boolean);
    if (!bucket) throw configError('S3_URL', 'name the bucket as the path, e.g. https://KEY:SECRET@s3.example.com/studynest');
    const user = decodeURIComponent(url.username);
    const secret = decodeURIComponent(url.password);
    if (Boolean(user) !== Boolean(secret)) throw configError('S3_URL', 'give both the access key and the secret (https://KEY:SECRET@host/bucket), or neither');
    return {
      endpoint: url.origin,
      region: url.searchParams.get('region') ?? 'us-east-1',
      bucket,
      prefix: prefix.length > 0 ? `${prefix.join('/')}/` : '',
      credentials: user ? { accessKeyId: user, secretAccessKey: secret } : undefined,
      forcePathStyle: true,
    };
  }
  if (!env.S3_BUCKET) {
    if (parts.some(Boolean)) throw configError('S3_BUCKET', 'S3_ENDPOINT, S3_REGION and the keys need S3_BUCKET');
    return undefined;
  }
  return {
    endpoint: env.S3_ENDPOINT?.replace(/\/$/, ''),
    region: env.S3_REGION ?? 'us-east-1',
    bucket: env.S3_BUCKET,
    prefix: '',
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: Boolean(env.S3_ENDPOINT),
  };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid environment configuration:\n  GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid environment configuration:\n  STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const dbUrl = env.DATABASE_URL;
  const database: Config['database'] =
    dbUrl && /^postgres(ql)?:\/\//.test(dbUrl)
      ? { dialect: 'postgres', url: dbUrl }
      : { dialect: 'sqlite', file: dbUrl ? path.resolve(dbUrl.replace(/^(file|sqlite):(\/\/)?/, '')) : path.join(dataDir, 'studynest.db'), cacheMb: env.SQLITE_CACHE_MB };

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    database,
    authSecret: env.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    google: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, discoveryUrl: env.GOOGLE_DISCOVERY_URL }
      : undefined,
    singleSignOn: env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? {
        issuer: env.OIDC_ISSUER.replace(/\/$/, ''),
        clientId: env.OIDC_CLIENT_ID,
        clientSecret: env.OIDC_CLIENT_SECRET,
        allowedDomains: domainList(env.OIDC_ALLOWED_DOMAINS),
        requiredDomains: domainList(env.OIDC_REQUIRED_DOMAINS),
        buttonLabel: env.OIDC_BUTTON_LABEL,
        roleClaim: env.OIDC_ROLE_CLAIM,
        domainRoles: domainRoleList(env.OIDC_DOMAIN_ROLES),
      }
      : undefined,
    singleSignOnDiscoveryTimeoutMs: env.OIDC_DISCOVERY_TIMEOUT_MS,
    // Never by default in production: the demo admin's password would be printed to its log.
    demoData: env.DEMO_DATA ?? env.NODE_ENV === 'development',
    unset: UNSET_CHECKS.filter(([, isSet]) => !isSet(env)).map(([name]) => name),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    signInRateLimit: env.SIGN_IN_RATE_LIMIT,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    stripe: env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
      : undefined,
    testPayments: !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) && (env.TEST_PAYMENTS ?? (env.NODE_ENV === 'development' && env.DEMO_DATA !== false)),
    currency: parseCurrency(env.CURRENCY),
    benchRoutes: env.BENCH_ROUTES ?? false,
    listCacheMs: env.LIST_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 2_000),
    metricsToken: env.METRICS_TOKEN,
    // Long enough for a balancer checking /api/health every 2–5 s to see it fail twice; no wait in development and tests.
    drainGraceMs: env.DRAIN_GRACE_MS ?? (env.NODE_ENV === 'production' ? 10_000 : 0),
    storage: s3Settings(env),
    apiKeyRateLimit: env.API_KEY_RATE_LIMIT,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE ?? false,
    ltiPrivateKey: env.LTI_PRIVATE_KEY?.replace(/\\n/g, '\n'),
  };
}

/** Settings whose defaults suit one machine, not a public server (server/start-up.ts says why each matters). */
export type UnsetSetting = 'BASE_URL' | 'SMTP_URL' | 'AUTH_SECRET' | 'STRIPE_SECRET_KEY';
const UNSET_CHECKS: Array<[UnsetSetting, (env: Env) => boolean]> = [
  ['BASE_URL', (env) => Boolean(env.BASE_URL)],
  ['SMTP_URL', (env) => Boolean(env.SMTP_URL)],
  ['AUTH_SECRET', (env) => Boolean(env.AUTH_SECRET)],
  ['STRIPE_SECRET_KEY', (env) => Boolean(env.STRIPE_SECRET_KEY)],
];

/**
 * CURRENCY as an ISO 4217 code the runtime knows (Intl), upper-cased. Amounts are stored in
 * hundredths (`…Cents` columns, fees typed with two decimals), so a currency with another number of
 * decimal places (JPY 0, KWD 3) is refused rather than charged a hundred times off.
 */
function parseCurrency(value: string): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) {
    throw configError('CURRENCY', `must be an ISO 4217 currency code such as USD or EUR (got "${value}")`);
  }
  const decimals = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
  if (decimals !== 2) throw configError('CURRENCY', `${code} has ${decimals} decimal places; StudyNest keeps amounts in hundredths, so only a currency with 2 can be used`);
  return code;
}

function parseTrustProxy(value: string | undefined): string[] | boolean {
  if (!value || value === 'false') return false;
  if (value === 'true') {
    throw new ConfigError('Invalid environment configuration:\n  TRUST_PROXY: list the proxy addresses (e.g. 127.0.0.1,10.0.0.0/8); "true" would let any client forge its address');
  }
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

/** A secret kept in the data folder so that sessions survive restarts without configuration. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // absent: create below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  // Written whole under another name, then linked into place only if no other process starting
  // at the same time got there first: then its secret is everyone's (sessions work on each).
  const secret = randomBytes(32).toString('base64url');
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, secret, { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const theirs = fs.readFileSync(file, 'utf8').trim();
    if (theirs.length >= 32) return theirs;
    // A damaged secret (too short to sign anything): replaced, as before.
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
