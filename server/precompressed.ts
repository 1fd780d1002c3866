// Serves the build's precompressed scripts and stylesheets (`.br`, `.gz`, written by the
// precompress-assets plugin in vite.config.ts) to clients that accept them.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { RequestHandler } from 'express'

const ASSET = /^\/[\w-]+\.(js|css)$/
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const

/**
 * Mount on the assets path, before express.static: rewrites the url to the compressed file and sets
 * Content-Encoding, so express.static sends it (with its caching headers) and the compression
 * middleware leaves it alone. Build files never change while the server runs, so lookups are kept.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const exists = new Map<string, boolean>()
  const has = (file: string) => {
    let found = exists.get(file)
    if (found === undefined) {
      found = existsSync(file)
      exists.set(file, found)
    }
    return found
  }
  return (req, res, next) => {
    const match = ASSET.exec(req.path)
    if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    res.vary('Accept-Encoding')
    for (const [encoding, suffix] of ENCODINGS) {
      if (!req.acceptsEncodings(encoding) || !has(join(dir, req.path + suffix))) continue
      res.setHeader('Content-Encoding', encoding)
      res.type(match[1] as string)
      req.url = req.path + suffix
      break
    }
    next()
  }
}
