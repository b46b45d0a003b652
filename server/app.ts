import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifySchema } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { Tenancy } from './db/tenancy';
import { logMethod, serializeError } from './lib/logSerializers';
import { rateLimitStore } from './db/rateLimitStore';
import { responseSerializerCompiler } from './lib/responseSerializer';
import { securityHeaders } from './lib/securityHeaders';
import { Metrics } from './lib/metrics';
import { loadOrCreateSecret } from './lib/secret';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { TokenService } from './modules/auth/tokens';
import { bookingScansRoutes } from './modules/bookings/bookingScans.routes';
import { BookingScansService } from './modules/bookings/bookingScans.service';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { BookingEditsService } from './modules/bookings/bookingEdits.service';
import { BookingsService } from './modules/bookings/bookings.service';
import { CheckInsService } from './modules/bookings/checkIns.service';
import { GuideBookingsService } from './modules/bookings/guideBookings.service';
import { apiKeysRoutes } from './modules/channel/apiKeys.routes';
import { ApiKeysService } from './modules/channel/apiKeys.service';
import { CallLimit } from './modules/channel/callLimit';
import { channelRoutes } from './modules/channel/channel.routes';
import { ChannelBookingsService } from './modules/channel/channelBookings.service';
import { CatalogService } from './modules/companies/catalog.service';
import { companiesRoutes } from './modules/companies/companies.routes';
import { CompaniesService } from './modules/companies/companies.service';
import { EventNotifier } from './modules/eventLog/eventNotifier';
import { historyRoutes } from './modules/history/history.routes';
import { HistoryService } from './modules/history/history.service';
import { ImportLimiter } from './modules/imports/importLimiter';
import { importsRoutes } from './modules/imports/imports.routes';
import { ImportsService } from './modules/imports/imports.service';
import { EventHub } from './modules/live/eventHub';
import { liveRoutes } from './modules/live/live.routes';
import { SessionChecks } from './modules/live/sessionChecks';
import { StreamLimits } from './modules/live/streamLimits';
import { notesRoutes } from './modules/notes/notes.routes';
import { backupRoutes } from './modules/ops/backup.routes';
import { isOpsRoute, opsRoutes } from './modules/ops/ops.routes';
import { ReadinessProbe } from './modules/ops/readiness';
import { NotesService } from './modules/notes/notes.service';
import { ExportLimiter } from './modules/reports/exportLimiter';
import { reportsRoutes } from './modules/reports/reports.routes';
import { ReportsService } from './modules/reports/reports.service';
import { shiftsRoutes } from './modules/shifts/shifts.routes';
import { ShiftsService } from './modules/shifts/shifts.service';
import { timetableRoutes } from './modules/timetable/timetable.routes';
import { TimetableService } from './modules/timetable/timetable.service';
import { TeamService } from './modules/users/team.service';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import type { Access } from './plugins/access';
import { apiDocsPlugin, isDocsRoute } from './plugins/apiDocs';
import { authPlugin } from './plugins/auth';
import { answerClientError, answerRouterError, errorHandlerPlugin } from './plugins/errorHandler';
import { requestMetricsPlugin } from './plugins/requestMetrics';
import { spaPlugin } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /**
     * Every route as declared, for the generated security suites (tenant isolation, roles, fuzzing) and the OpenAPI
     * document's test; the documentation's own pages are left out.
     */
    routeTable: readonly RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** Undefined when the route declares none (the access meta-test fails on it). */
  access: Access | undefined;
  public: boolean;
  /** Answers a stream that stays open (config `stream`). */
  stream: boolean;
}

export interface AppDeps {
  /** An already open database (main.ts and tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  now?: () => Date;
  /** Where the log goes instead of stdout (the log tests read it back). */
  logStream?: { write(line: string): void };
  /** Embedded database: `npm run backup` sends this to `POST /ops/backup` (main.ts makes it at each start). */
  backupToken?: string;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const MAX_PARAM_LENGTH = 4000;

/** Never logged: credentials travel in these. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const database = deps.database ?? (await openDatabase(config));
  const { db } = database;
  // After a commit that wrote events: the live streams of every process hear of it (modules/live).
  const notifier = new EventNotifier(db, (err) => app.log.warn({ err }, 'live updates: NOTIFY failed'));
  const metrics = new Metrics(database.poolStats?.bind(database));
  const tenancy = new Tenancy(database, (companyId, count) => {
    notifier.notify(companyId);
    metrics.eventsAppended.inc(count);
  });
  const secret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir);
  const tokens = new TokenService(secret, config.accessTokenTtlSeconds);
  const auth = new AuthService(db, tenancy, tokens, config, deps.now);
  const users = new UsersService(db, tenancy, auth);
  const team = new TeamService(db, tenancy);
  const bookings = new BookingsService(tenancy, deps.now);
  const bookingEdits = new BookingEditsService(tenancy, deps.now);
  const guideBookings = new GuideBookingsService(tenancy, deps.now);
  const notes = new NotesService(tenancy, deps.now);
  const shifts = new ShiftsService(tenancy, deps.now);
  const reports = new ReportsService(tenancy);
  const companies = new CompaniesService(tenancy);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { err: serializeError },
      hooks: { logMethod },
      stream: deps.logStream,
    },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // A report path carries every selected source and tour name in two segments.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors the router raises before any route (a bad URL, a too-long segment) keep the one error body too.
    frameworkErrors: (err, _request, reply: FastifyReply) => answerRouterError(err, reply),
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('db', db);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || isDocsRoute(route.url) || isOpsRoute(route.url)) continue;
      const access = route.config?.access;
      const stream = route.config?.stream === true;
      routeTable.push({ method, url: route.url, schema: route.schema, access, public: access === 'public', stream });
    }
  });
  if (!deps.database) app.addHook('onClose', () => database.close());

  await app.register(helmet, securityHeaders);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(rateLimit, { global: false, store: rateLimitStore(database.db, secret) });
  await app.register(errorHandlerPlugin);
  await app.register(requestMetricsPlugin, { metrics });
  await app.register(authPlugin, { tokens });
  await app.register(apiDocsPlugin);

  const loginWindow = config.loginRateWindowMs;
  await app.register(authRoutes, {
    auth,
    loginRateLimit: { max: config.loginRateLimit, timeWindow: loginWindow },
    perAddress: { max: config.loginAddressRateLimit, windowMs: loginWindow },
  });
  await app.register(usersRoutes, {
    users,
    team,
    signupRateLimit: { max: config.signupRateLimit, timeWindow: HOUR_MS },
    passwordLimits: {
      perMember: { max: config.loginRateLimit, windowMs: loginWindow },
      perAddress: { max: config.loginAddressRateLimit, windowMs: loginWindow },
    },
    addMemberLimit: { max: config.addMemberRateLimit, windowMs: HOUR_MS },
  });
  const checkIns = new CheckInsService(tenancy, deps.now, () => metrics.outboxReplays.inc());
  await app.register(bookingsRoutes, { bookings, checkIns, bookingEdits, guideBookings });
  await app.register(bookingScansRoutes, { scans: new BookingScansService(tenancy, deps.now) });
  await app.register(shiftsRoutes, { shifts });
  await app.register(reportsRoutes, {
    reports,
    exports: new ExportLimiter(config.exportsPerCompany),
    stallTimeoutMs: config.exportStallTimeoutMs,
  });
  await app.register(companiesRoutes, { companies, catalog: new CatalogService(tenancy) });
  await app.register(notesRoutes, { notes });
  await app.register(timetableRoutes, { timetable: new TimetableService(tenancy) });
  await app.register(historyRoutes, { history: new HistoryService(tenancy, deps.now) });
  await app.register(apiKeysRoutes, { apiKeys: new ApiKeysService(tenancy) });
  const keyCalls = new CallLimit(
    config.channelRateLimit,
    MINUTE_MS,
    'Too many calls with this API key, please slow down',
  );
  await app.register(channelRoutes, {
    channel: new ChannelBookingsService(tenancy, keyCalls, deps.now),
    refusedCalls: new CallLimit(
      config.channelRefusedLimit,
      MINUTE_MS,
      'Too many refused calls from this address: check the API key, then try again later',
    ),
  });
  await app.register(importsRoutes, {
    imports: new ImportsService(tenancy, deps.now),
    limiter: new ImportLimiter(config.importsPerCompany),
    stallTimeoutMs: config.importStallTimeoutMs,
    metrics,
  });
  const hub = new EventHub(database, tenancy);
  await app.register(liveRoutes, {
    hub,
    sessions: new SessionChecks(tenancy, config.liveRecheckMs),
    limits: new StreamLimits({
      perMember: config.liveStreamsPerMember,
      perCompany: config.liveStreamsPerCompany,
      perAddress: config.liveStreamsPerAddress,
    }),
    tenancy,
    now: deps.now ?? (() => new Date()),
    live: {
      heartbeatMs: config.liveHeartbeatMs,
      replayMax: config.liveReplayMax,
      stallTimeoutMs: config.liveStallTimeoutMs,
    },
    metrics,
  });
  const probe = new ReadinessProbe(database, () => hub.listenState());
  await app.register(opsRoutes, { probe, metrics, metricsToken: config.metricsToken });
  if (database.dumpDataDir && deps.backupToken) {
    await app.register(backupRoutes, { dump: database.dumpDataDir, token: deps.backupToken, dataDir: config.dataDir });
  }
  await app.register(spaPlugin, { staticDir: config.staticDir, serveSourceMaps: config.serveSourceMaps });
  return app;
}
