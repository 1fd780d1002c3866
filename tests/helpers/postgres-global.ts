// Vitest global setup for `npm run test:pg`: one PostgreSQL cluster for the whole run (unless
// TEST_DATABASE_URL names one), handed to the test processes through TEST_DATABASE_URL.
import { startPostgres } from './postgres'

export default async function setup(): Promise<() => void> {
  const server = await startPostgres()
  process.env.TEST_DATABASE_URL = server.url
  return () => server.stop()
}
