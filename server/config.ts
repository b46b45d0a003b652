import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    STATIC_DIR: z.string().min(1).default('./dist/web'),
    /** Failed-or-not login attempts allowed per address and email in the window below. */
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    LOGIN_RATE_WINDOW_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(5 * 60_000),
    /** Sign-in attempts allowed per address in the window above, whatever the emails (an office shares one). */
    LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(50),
    SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Members a company, or an address, may try to add per hour (each try tells whether an email is taken). */
    ADD_MEMBER_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** Channel API calls per API key per minute: several hundred a second fits a busy channel. */
    CHANNEL_RATE_LIMIT: z.coerce.number().int().min(1).default(30_000),
    /** Channel API calls refused (401: no key, a wrong or revoked one) per address per minute, before it waits. */
    CHANNEL_REFUSED_LIMIT: z.coerce.number().int().min(1).default(30),
    /**
     * Processes serving the API on PostgreSQL (node:cluster, sharing PORT). One Node process runs on one core; on a
     * machine with more, set this to the cores left over by PostgreSQL. The embedded database serves one process.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** PostgreSQL connections each process keeps at most (see the README's PostgreSQL section). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** How long a request waits for a free PostgreSQL connection before it is answered 503 with Retry-After. */
    DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
    /** CSV downloads one company may run at once in each process; one more is answered 429. */
    EXPORTS_PER_COMPANY: z.coerce.number().int().min(1).default(3),
    /** A download whose client takes nothing for this long is ended. */
    EXPORT_STALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** CSV previews and imports one company may run at once in each process; one more is answered 429. */
    IMPORTS_PER_COMPANY: z.coerce.number().int().min(1).default(2),
    /** A preview or an import whose connection carries nothing either way for this long is ended. */
    IMPORT_STALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** A live stream sends a keep-alive comment this often, so proxies and phones keep it open. */
    LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).default(20_000),
    /** Live streams read each member's session again this often (once for all of its streams): signed out, they end. */
    LIVE_RECHECK_MS: z.coerce.number().int().min(100).default(60_000),
    /** A client further behind than this many events refetches what it shows instead of replaying them. */
    LIVE_REPLAY_MAX: z.coerce.number().int().min(1).default(200),
    /** Live streams one member may hold at once in each process: a tab holds one, a member has a few devices. */
    LIVE_STREAMS_PER_MEMBER: z.coerce.number().int().min(1).default(10),
    /** Live streams one company may hold at once in each process. */
    LIVE_STREAMS_PER_COMPANY: z.coerce.number().int().min(1).default(200),
    /** Live streams one address may hold at once in each process (an office shares one). */
    LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
    /** A live stream whose client takes nothing for this long while frames wait for it is ended. */
    LIVE_STALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** GET /metrics asks for `Authorization: Bearer <this>` when set; unset, it is open to anyone who reaches it. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /** Serve the build's source maps (`*.js.map`), which show the app's source to anyone: off unless debugging. */
    SERVE_SOURCE_MAPS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** Behind a TLS-terminating proxy: trust X-Forwarded-* so cookies get `Secure`. */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: `${env.WEB_CONCURRENCY} processes need DATABASE_URL; the embedded database serves one process`,
      });
    }
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Absent for the embedded database: generated once and kept in the data dir. */
  jwtSecret: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  staticDir: string;
  loginRateLimit: number;
  loginRateWindowMs: number;
  loginAddressRateLimit: number;
  signupRateLimit: number;
  addMemberRateLimit: number;
  channelRateLimit: number;
  channelRefusedLimit: number;
  trustProxy: boolean;
  serveSourceMaps: boolean;
  /** Worker processes (WEB_CONCURRENCY); above 1 only with `databaseUrl`. */
  workers: number;
  /** PostgreSQL connections per process (DATABASE_POOL_SIZE). */
  poolSize: number;
  poolTimeoutMs: number;
  exportsPerCompany: number;
  exportStallTimeoutMs: number;
  importsPerCompany: number;
  importStallTimeoutMs: number;
  liveHeartbeatMs: number;
  liveRecheckMs: number;
  liveReplayMax: number;
  liveStreamsPerMember: number;
  liveStreamsPerCompany: number;
  liveStreamsPerAddress: number;
  liveStallTimeoutMs: number;
  /** GET /metrics needs this bearer token when set (METRICS_TOKEN). */
  metricsToken: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** A retried refresh within this window (a lost response on a bad connection) still succeeds. */
  refreshGraceSeconds: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginRateWindowMs: e.LOGIN_RATE_WINDOW_MS,
    loginAddressRateLimit: e.LOGIN_ADDRESS_RATE_LIMIT,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    addMemberRateLimit: e.ADD_MEMBER_RATE_LIMIT,
    channelRateLimit: e.CHANNEL_RATE_LIMIT,
    channelRefusedLimit: e.CHANNEL_REFUSED_LIMIT,
    trustProxy: e.TRUST_PROXY,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    workers: e.WEB_CONCURRENCY,
    poolSize: e.DATABASE_POOL_SIZE,
    poolTimeoutMs: e.DATABASE_POOL_TIMEOUT_MS,
    exportsPerCompany: e.EXPORTS_PER_COMPANY,
    exportStallTimeoutMs: e.EXPORT_STALL_TIMEOUT_MS,
    importsPerCompany: e.IMPORTS_PER_COMPANY,
    importStallTimeoutMs: e.IMPORT_STALL_TIMEOUT_MS,
    liveHeartbeatMs: e.LIVE_HEARTBEAT_MS,
    liveRecheckMs: e.LIVE_RECHECK_MS,
    liveReplayMax: e.LIVE_REPLAY_MAX,
    liveStreamsPerMember: e.LIVE_STREAMS_PER_MEMBER,
    liveStreamsPerCompany: e.LIVE_STREAMS_PER_COMPANY,
    liveStreamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
    liveStallTimeoutMs: e.LIVE_STALL_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
    refreshGraceSeconds: 30,
  };
}

/** The address to print once the server listens: `localhost` for a local or wildcard interface. */
export function listeningUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(host);
  return `http://${local ? 'localhost' : host}:${port}`;
}
