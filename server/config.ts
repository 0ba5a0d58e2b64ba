// Server configuration, read once from the environment (every key documented in README.md).
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFileSize } from '../parsers/fileSize.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * The folder of Keyflow's package.json, found from this module's place: the sources (server/) and the compiled
 * server (dist/server/) both sit inside it, and an installed release runs from any working directory.
 */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'keyflow') return dir;
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

export interface OpenIdProviderConfig {
  key: string;
  name: string;
  authUrl: string;
  logoutUrl: string;
  clientId: string;
  clientSecret: string;
  /** The provider's issuer URL; discovery happens at <issuer>/.well-known/openid-configuration. Defaults to the base of authUrl. */
  issuer?: string;
}

export interface Config {
  port: number;
  host: string;
  /** Where the SQLite file, uploaded files, mail and the generated secret live. `null` = in memory (tests). */
  dataDir: string | null;
  /** Stored files go to this S3-compatible bucket instead of <dataDir>/files (KEYFLOW_S3_BUCKET); null = the folder. */
  s3: { bucket: string; forcePathStyle: boolean } | null;
  /** `sqlite:` file path, `:memory:`, or a `postgres://` URL. */
  databaseUrl: string;
  jwtSecret: string;
  publicUrl: string;
  motd: string;
  /** Enables PATCH /test/:table (seeding tables for end-to-end suites) for callers sending this token; empty = off. */
  testingToken: string;
  serveClient: boolean;
  clientDir: string;
  rateLimit: number;
  /** Trust X-Forwarded-For (set when running behind a reverse proxy). */
  trustProxy: boolean;
  /** A request's headers must be complete, and a body it promised must keep arriving, within this time. */
  slowClientTimeoutMs: number;
  /** Open connections one client address may hold (0: no cap; not applied behind a trusted proxy). */
  maxConnectionsPerAddress: number;
  maxFileSize: number;
  registrationEnabled: boolean;
  /** New accounts wait in status 1 until the mailed confirmation link is opened. */
  emailConfirmation: boolean;
  linkSharingEnabled: boolean;
  totpEnabled: boolean;
  taskAttachmentsEnabled: boolean;
  taskCommentsEnabled: boolean;
  userDeletionEnabled: boolean;
  caldavEnabled: boolean;
  emailRemindersEnabled: boolean;
  localAuthEnabled: boolean;
  backgroundsEnabled: boolean;
  imprintUrl: string;
  privacyPolicyUrl: string;
  openIdProviders: OpenIdProviderConfig[];
  smtp: { host: string; port: number; user: string; password: string; from: string; secure: boolean } | null;
  /** Emit the log lines of the server (off in tests). */
  logging: boolean;
  /** The lowest level logged: fatal, error, warn, info, debug or trace. */
  logLevel: string;
  /** How often the background jobs look for due work (reminders, summaries, deletions). */
  jobIntervalMs: number;
  /** Live updates: the server-sent events route (GET /api/v1/events) and its event log. */
  liveUpdatesEnabled: boolean;
  /** How many of the newest live events the log keeps for clients catching up after a reconnect. */
  liveEventsKept: number;
  /** How often an open event stream gets a comment line, so proxies do not close it as idle. */
  liveHeartbeatMs: number;
  /** Open event streams per user (per process); a newer one closes the oldest beyond it. */
  liveStreamsPerUser: number;
}

type Env = Record<string, string | undefined>;

function flag(env: Env, name: string, fallback: boolean): boolean {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

/** A whole number of at least 0 from the configuration; unset or unreadable: the default. */
function count(value: string | undefined, fallback: number): number {
  const n = Number(value === undefined || value.trim() === '' ? NaN : value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/** Parses a size from the configuration ("20MB", "512KB", "1GB", plain bytes); an unreadable one stops the start. */
export function parseSize(value: string): number {
  const bytes = parseFileSize(value);
  if (bytes === null) throw new Error(`Invalid size "${value}"`);
  return bytes;
}

function persistentSecret(dataDir: string | null): string {
  if (!dataDir) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    // Several processes can start at once on one shared data directory: each writes a candidate beside the file and
    // links it into place, which only the first link does, so every process reads the same secret.
    const candidate = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(candidate, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(candidate, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(candidate, { force: true });
    }
  }
  return readFileSync(file, 'utf8').trim();
}

function openIdProviders(env: Env): OpenIdProviderConfig[] {
  // KEYFLOW_OPENID_PROVIDERS is a JSON array of {key, name, authUrl, logoutUrl, clientId, clientSecret, issuer?}.
  const raw = env.KEYFLOW_OPENID_PROVIDERS;
  if (!raw) return [];
  const parsed = JSON.parse(raw) as Partial<OpenIdProviderConfig>[];
  return parsed.map((p) => ({
    key: String(p.key ?? p.name ?? '').toLowerCase(),
    name: String(p.name ?? p.key ?? ''),
    authUrl: String(p.authUrl ?? ''),
    logoutUrl: String(p.logoutUrl ?? ''),
    clientId: String(p.clientId ?? ''),
    clientSecret: String(p.clientSecret ?? ''),
    ...(p.issuer ? { issuer: String(p.issuer) } : {}),
  }));
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const inMemory = overrides.dataDir === null || env.KEYFLOW_DATA_DIR === ':memory:';
  const dataDir = inMemory ? null : path.resolve(overrides.dataDir ?? env.KEYFLOW_DATA_DIR ?? './data');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 3456);
  const databaseUrl = overrides.databaseUrl ?? env.DATABASE_URL ?? (dataDir ? path.join(dataDir, 'keyflow.db') : ':memory:');
  const smtpHost = env.KEYFLOW_SMTP_HOST;
  const base: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    s3: env.KEYFLOW_S3_BUCKET ? { bucket: env.KEYFLOW_S3_BUCKET, forcePathStyle: flag(env, 'KEYFLOW_S3_FORCE_PATH_STYLE', false) } : null,
    jwtSecret: env.KEYFLOW_JWT_SECRET || persistentSecret(dataDir),
    publicUrl: (env.KEYFLOW_PUBLIC_URL ?? `http://localhost:${port}/`).replace(/\/?$/, '/'),
    motd: env.KEYFLOW_MOTD ?? '',
    testingToken: env.KEYFLOW_TESTING_TOKEN ?? '',
    serveClient: flag(env, 'KEYFLOW_SERVE_CLIENT', true),
    clientDir: env.KEYFLOW_CLIENT_DIR ? path.resolve(env.KEYFLOW_CLIENT_DIR) : path.join(packageRoot(), 'dist/client'),
    rateLimit: Number(env.KEYFLOW_RATE_LIMIT ?? 10),
    trustProxy: flag(env, 'KEYFLOW_TRUST_PROXY', false),
    slowClientTimeoutMs: Math.max(1000, Number(env.KEYFLOW_SLOW_CLIENT_TIMEOUT_MS) || 10_000),
    maxConnectionsPerAddress: count(env.KEYFLOW_MAX_CONNECTIONS_PER_ADDRESS, 100),
    maxFileSize: parseSize(env.KEYFLOW_MAX_FILE_SIZE ?? '20MB'),
    registrationEnabled: flag(env, 'KEYFLOW_REGISTRATION_ENABLED', true),
    emailConfirmation: flag(env, 'KEYFLOW_EMAIL_CONFIRMATION', false),
    linkSharingEnabled: flag(env, 'KEYFLOW_LINK_SHARING_ENABLED', true),
    totpEnabled: flag(env, 'KEYFLOW_TOTP_ENABLED', true),
    taskAttachmentsEnabled: flag(env, 'KEYFLOW_TASK_ATTACHMENTS_ENABLED', true),
    taskCommentsEnabled: flag(env, 'KEYFLOW_TASK_COMMENTS_ENABLED', true),
    userDeletionEnabled: flag(env, 'KEYFLOW_USER_DELETION_ENABLED', true),
    caldavEnabled: flag(env, 'KEYFLOW_CALDAV_ENABLED', true),
    emailRemindersEnabled: flag(env, 'KEYFLOW_EMAIL_REMINDERS_ENABLED', true),
    localAuthEnabled: flag(env, 'KEYFLOW_LOCAL_AUTH_ENABLED', true),
    backgroundsEnabled: flag(env, 'KEYFLOW_BACKGROUNDS_ENABLED', true),
    imprintUrl: env.KEYFLOW_IMPRINT_URL ?? '',
    privacyPolicyUrl: env.KEYFLOW_PRIVACY_URL ?? '',
    openIdProviders: openIdProviders(env),
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: Number(env.KEYFLOW_SMTP_PORT ?? 587),
          user: env.KEYFLOW_SMTP_USER ?? '',
          password: env.KEYFLOW_SMTP_PASSWORD ?? '',
          from: env.KEYFLOW_SMTP_FROM ?? 'keyflow@localhost',
          secure: flag(env, 'KEYFLOW_SMTP_SECURE', false),
        }
      : null,
    logging: flag(env, 'KEYFLOW_LOG', true),
    logLevel: LOG_LEVELS.includes(env.KEYFLOW_LOG_LEVEL ?? '') ? (env.KEYFLOW_LOG_LEVEL as string) : 'info',
    jobIntervalMs: Math.max(100, Number(env.KEYFLOW_JOB_INTERVAL_MS) || 60_000),
    liveUpdatesEnabled: flag(env, 'KEYFLOW_LIVE_UPDATES', true),
    liveEventsKept: Math.max(100, Number(env.KEYFLOW_LIVE_EVENTS_KEPT) || 10_000),
    liveHeartbeatMs: Math.max(1000, Number(env.KEYFLOW_LIVE_HEARTBEAT_MS) || 25_000),
    liveStreamsPerUser: Math.max(1, Math.floor(Number(env.KEYFLOW_LIVE_STREAMS_PER_USER)) || 20),
  };
  return { ...base, ...overrides, dataDir };
}
