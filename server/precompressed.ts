// Serves the build's fingerprinted scripts and stylesheets, with their precompressed copies (`.br`,
// `.gz`, written by the precompress-assets plugin in vite.config.ts) for clients that accept them.
import type { RequestHandler } from 'express'
import expressStaticGzip from 'express-static-gzip'

/**
 * Mount on the assets path. express-static-gzip lists the compressed files once, when it is created
 * (build files never change while the server runs), and remembers nothing per request, so no url
 * can grow the server's memory. A name that is not in the build is a short 404 from the error
 * handler (no page render), whatever its length.
 */
export function buildAssets(dir: string): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { immutable: true, maxAge: '1y', index: false, fallthrough: false },
  })
}
