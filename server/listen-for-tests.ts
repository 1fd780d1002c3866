// Tests of server/ middleware: an Express app on a free loopback port.
import { createServer } from 'node:http'
import type { Express } from 'express'

export interface TestServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  base: string
  close(): Promise<void>
}

export async function listenForTests(app: Express): Promise<TestServer> {
  const server = createServer(app)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  return {
    base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}
