// Serving: what runs once however many processes serve (prepare), and one process listening with its
// background jobs until a stop signal. Bundled into the server build (server/app.ts), unlike the
// plain .js files beside it, which run before the build is loaded.
import cluster from 'node:cluster'
import { createServer, type Server } from 'node:http'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { paymentSetup } from '~/infra/payment-setup.server'
import { getSessionSecret } from '~/infra/secret.server'
import { bootstrap, configureDomainFrom, tidy } from '../bootstrap'
import { createApp } from '../http-app'
import { startBannerSchedule } from '../jobs/banner-schedule'
import { startHolds } from '../jobs/holds'
import { startMailWorkerFromConfig } from '../jobs/mail'
import { startParcelTracking } from '../jobs/parcel-tracking'
import { startRefundWorker } from '../jobs/refunds'
import { startPaymentLinkPoll } from '../jobs/payment-links'
import { startStockAlerts } from '../jobs/stock-alerts'
import { tellSiblings } from './sibling-writes'

/** How often expired sessions, carts, rate-limit windows and unused uploads are deleted (bootstrap.ts tidy). */
const TIDY_INTERVAL_MS = 6 * 60 * 60 * 1000

/** How long a stop waits for requests and mail in flight before the process exits anyway. */
const STOP_GRACE_MS = 5_000

/**
 * A client that trickles its headers or body is cut off: the whole request within the request
 * timeout, the headers within 20 s (or the request timeout when shorter), checked every few seconds.
 */
export function serverTimeouts(requestTimeoutSeconds: number) {
  const requestTimeout = requestTimeoutSeconds * 1000
  return {
    requestTimeout,
    headersTimeout: Math.min(20_000, requestTimeout),
    connectionsCheckingInterval: Math.min(5_000, Math.max(250, requestTimeout / 4)),
  }
}

/** The configured number of worker processes (validates the configuration: a ConfigError stops the start). */
export function webConcurrency(): number {
  return getConfig().WEB_CONCURRENCY
}

/** Checks the configuration, warns, migrates, seeds and tidies: what runs once however many processes serve. */
async function prepare(): Promise<void> {
  const config = getConfig()
  // A real shop without Razorpay keys stops here (ConfigError) rather than take TEST MODE payments.
  for (const warning of paymentSetup(config).warnings) console.warn(`WARNING: ${warning}`)
  if (config.PASSWORD_TEST_COST) console.warn('WARNING: PASSWORD_TEST_COST=1: passwords are hashed at a test-only low cost. Never set it in production.')
  await bootstrap(config)
}

/**
 * The cluster's primary, before it forks the workers: prepares the shop once (migrations and seeding
 * must not race), makes the session secret if it is generated (the workers read the same file), and
 * closes its database connections (the primary serves nothing).
 */
export async function prepareShop(): Promise<void> {
  await prepare()
  getSessionSecret()
  await getDb().destroy()
}

/** Migrates, seeds (unless `prepared` by the cluster's primary) and listens; resolves once the port is open. */
export async function startServer(clientDir: string, options: { prepared?: boolean } = {}): Promise<Server> {
  const config = getConfig()
  configureDomainFrom(config)
  if (!options.prepared) await prepare()
  const mail = startMailWorkerFromConfig()
  const server = createServer(serverTimeouts(config.REQUEST_TIMEOUT_SECONDS), createApp(clientDir))
  await new Promise<void>((done) => server.listen(config.PORT, config.HOST, done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  console.log(
    cluster.isWorker
      ? `Worker ${cluster.worker?.id} (process ${process.pid}) is serving on http://localhost:${port}`
      : `${config.SHOP_NAME} is serving on http://localhost:${port}`,
  )
  setInterval(() => tidy().catch((error) => console.error('Tidying failed', error)), TIDY_INTERVAL_MS).unref()
  startHolds()
  startRefundWorker()
  startPaymentLinkPoll()
  startStockAlerts()
  startBannerSchedule()
  startParcelTracking()
  if (cluster.isWorker) tellSiblings()

  // Ctrl-C reaches both the supervisor and the shop, and the supervisor passes it on: stop once.
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    server.close(() => {
      void mail
        .stop()
        .then(() => getDb().destroy())
        .finally(() => process.exit(0))
    })
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  return server
}
