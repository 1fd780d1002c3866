// deploy/nginx/proxy-headers.conf as it is, in a real nginx in front of the built server (ADR 051):
// a client that writes its own X-Forwarded-For cannot choose the address the shop counts
// its tries under, and a client's X-Forwarded-Host never names the host of a page. A second nginx
// server that passes the client's header on unchanged (the set-up the review found) shows the same
// requests getting past the limit, so the test can tell the two apart.
//
// The client connects from 127.0.0.2 and the shop trusts only nginx's 127.0.0.1 (TRUST_PROXY), as a
// phone on the internet and nginx on the shop's machine would be.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from './server'

const NGINX = '/usr/sbin/nginx'
const HEADERS_CONF = resolve(import.meta.dirname, '../../deploy/nginx/proxy-headers.conf')

let shop: RunningServer
let nginx: ChildProcess
let dir: string
let goodPort: number
let passThroughPort: number

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** A request from 127.0.0.2 (not the proxy's address) to nginx on `port`. */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, localAddress: '127.0.0.2', method, path, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        text += chunk
      })
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', fail)
    req.end(body)
  })
}

beforeAll(async () => {
  shop = await startServer({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1', SEED_DEMO: '1' })
  const upstream = new URL(shop.url).host
  dir = mkdtempSync(join(tmpdir(), 'shop-nginx-'))
  goodPort = await freePort()
  passThroughPort = await freePort()
  const conf = join(dir, 'nginx.conf')
  writeFileSync(
    conf,
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${goodPort};
    location / { proxy_pass http://${upstream}; include ${HEADERS_CONF}; }
  }
  server {
    listen 127.0.0.1:${passThroughPort};
    location / { proxy_pass http://${upstream}; proxy_set_header X-Forwarded-For $http_x_forwarded_for; }
  }
}
`,
  )
  nginx = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  nginx.stderr?.on('data', (chunk) => {
    errors += chunk
  })
  // nginx is ready when its ports answer.
  for (let tries = 0; ; tries++) {
    const ready = await send(goodPort, 'GET', '/healthz', {}).then(
      (answer) => answer.status === 200,
      () => false,
    )
    if (ready) break
    if (tries > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${errors}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}, 240_000)

afterAll(async () => {
  nginx?.kill('SIGTERM')
  await shop?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Five registrations, each claiming a new address in its own X-Forwarded-For. */
async function registrationsThrough(port: number, tag: string): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 1; i <= 5; i++) {
    const body = JSON.stringify({ userName: 'Bot', email: `${tag}-${i}@example.com`, password: 'password-123' })
    const answer = await send(port, 'POST', '/api/auth/register', { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i}` }, body)
    statuses.push(answer.status)
  }
  return statuses
}

describe('nginx with deploy/nginx/proxy-headers.conf in front of the shop', () => {
  it('counts a client under its own address however it fills X-Forwarded-For', async () => {
    // Control: passed on unchanged, the client's header picks a new address (and new tries) each time.
    expect(await registrationsThrough(passThroughPort, 'passed')).toEqual([201, 201, 201, 201, 201])
    // Appended by nginx: the shop counts nginx's view of the client, 127.0.0.2.
    expect(await registrationsThrough(goodPort, 'appended')).toEqual([201, 201, 201, 429, 429])
  })

  it("never lets a client's X-Forwarded-Host name the host of a page", async () => {
    const products = JSON.parse((await send(goodPort, 'GET', '/api/shop/products/get?page=1', {})).body) as { data: { _id: string }[] }
    const path = `/shop/product/${products.data[0]?._id}`
    const forged = await send(goodPort, 'GET', path, { 'X-Forwarded-Host': 'evil.example' })
    expect(forged.status).toBe(200)
    expect(forged.body).not.toContain('evil.example')
    expect(forged.body).toContain(`127.0.0.1${path}`)
  })
})
