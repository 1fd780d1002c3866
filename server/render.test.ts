// createPageHandler's order within one turn of the event loop (ADR 112): a write waits for the reads that came with it.
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import express from 'express'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { PageCache } from './page-cache/index'
import { createPageHandler } from './render'

/** The order React Router is asked to handle requests in (its handler stands in for the shop's routes). */
const handled: string[] = []
vi.mock('react-router', async (original) => ({
  ...(await original<typeof import('react-router')>()),
  createRequestHandler: () => async (request: Request) => {
    const { pathname } = new URL(request.url)
    handled.push(`${request.method} ${pathname}`)
    if (pathname === '/broken') {
      // A render that fails after its headers (a session cookie among them) were made.
      const body = new ReadableStream({ start: (controller) => controller.error(new Error('render failed')) })
      return new Response(body, { headers: { 'Content-Type': 'text/html', 'Set-Cookie': '__session=abc; Path=/', 'X-Route': 'broken' } })
    }
    return new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json' } })
  },
}))

function exchange(method: string, url: string) {
  const req = new IncomingMessage(new Socket())
  req.method = method
  req.url = url
  req.headers = { host: 'shop.test' }
  req.push(null)
  // No socket: the answer is kept in the response, written nowhere.
  return { req, res: new ServerResponse(req) }
}

function appWith(onError: express.ErrorRequestHandler = (error, _req, _res, next) => next(error)) {
  const app = express()
  app.use(
    createPageHandler({
      build: {} as ServerBuild,
      mode: 'production',
      getLoadContext: () => new RouterContextProvider(),
      cache: new PageCache(1024 * 1024, 60_000),
    }),
  )
  app.use(onError)
  return app
}

describe('createPageHandler', () => {
  it('lets the reads that arrived in the same turn go before a write', async () => {
    const app = appWith()
    const write = exchange('POST', '/api/shop/cart/add')
    const read = exchange('GET', '/shop/cart')
    // Both in one turn, the write first, as one poll of the sockets hands them over.
    app(write.req, write.res)
    app(read.req, read.res)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(handled).toEqual(['GET /shop/cart', 'POST /api/shop/cart/add'])
  })

  it("hands a body that fails to the error answer without the failed answer's headers", async () => {
    let caught: { message: string; cookie: unknown; route: unknown } | null = null
    const app = appWith((error, _req, res, _next) => {
      caught = { message: (error as Error).message, cookie: res.getHeader('Set-Cookie'), route: res.getHeader('X-Route') }
    })
    const broken = exchange('GET', '/broken')
    app(broken.req, broken.res)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(caught).toEqual({ message: 'render failed', cookie: undefined, route: undefined })
  })
})
