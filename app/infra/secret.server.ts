// The secret that signs cookies and tokens: SESSION_SECRET, or one generated once and kept beside the database.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { getConfig } from '~/infra/config.server'

let secret: string | undefined

export function getSessionSecret(): string {
  if (secret) return secret
  const config = getConfig()
  if (config.SESSION_SECRET) {
    secret = config.SESSION_SECRET
    return secret
  }
  const file = join(dirname(config.DATABASE_PATH === ':memory:' ? 'db/x' : config.DATABASE_PATH), '.session-secret')
  if (existsSync(file)) {
    secret = readFileSync(file, 'utf8').trim()
  } else {
    mkdirSync(dirname(file), { recursive: true })
    secret = randomBytes(32).toString('base64url')
    writeFileSync(file, secret, { mode: 0o600 })
    console.warn(`SESSION_SECRET is not set: generated one and saved it in ${file}. Set SESSION_SECRET in production.`)
    if (config.DATABASE_URL) console.warn('Shops on several machines need the same SESSION_SECRET on each (a generated one is per machine).')
  }
  return secret
}
