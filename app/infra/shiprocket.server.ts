// Shiprocket, the courier aggregator, behind the shipping room's CourierService port (issue 30). Its API
// (https://apiv2.shiprocket.in/v1/external): a token from POST /auth/login (email and password of an API
// user; valid ten days), then Bearer calls. A quote is GET /courier/serviceability/ with the pickup and
// delivery pincodes, the weight in kg, the box in cm, cod=0 and the declared value in rupees; each of
// data.available_courier_companies has courier_company_id, courier_name, rate (rupees, may be a
// fraction) and estimated_delivery_days (a string). A route no courier serves answers 404 or an empty
// list. Every call has a timeout: checkout must not wait on a slow aggregator.
import { ServiceUnavailable as CourierUnavailable } from '~/domain/errors'
import type { CourierQuote, CourierService, QuoteRequest } from '~/domain/shipping/courier'

export interface ShiprocketSettings {
  /** The API's base, e.g. https://apiv2.shiprocket.in (a local fake in tests). */
  apiBase: string
  email: string
  password: string
  /** How long one call may take (ms). */
  timeoutMs?: number
}

/** Shiprocket's tokens last 240 hours; a new one is asked for a day before that, or at once after a 401. */
const TOKEN_LIFETIME_MS = 9 * 24 * 60 * 60 * 1000
const DEFAULT_TIMEOUT_MS = 4000

interface Courier {
  courier_company_id?: unknown
  courier_name?: unknown
  rate?: unknown
  estimated_delivery_days?: unknown
}

/** A logged-in session with Shiprocket: Bearer calls that log in once, renew on a 401, and time out. */
export interface ShiprocketSession {
  /** One call under /v1/external; `body` is sent as JSON. Throws CourierUnavailable when there is no answer. */
  call(path: string, init?: { method?: string; body?: unknown }): Promise<Response>
  timeoutMs: number
}

export function shiprocketSession(settings: ShiprocketSettings, now: () => number = Date.now): ShiprocketSession {
  let token: { value: string; until: number } | null = null
  let loggingIn: Promise<string> | null = null
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const url = (path: string) => `${settings.apiBase.replace(/\/$/, '')}/v1/external${path}`

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url(path), { ...init, signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : String(error)
      throw new CourierUnavailable(`Shiprocket ${path}: ${reason}`)
    }
  }

  async function login(): Promise<string> {
    const response = await send('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: settings.email, password: settings.password }),
    })
    const body = (await response.json().catch(() => null)) as { token?: unknown; message?: unknown } | null
    if (!response.ok || typeof body?.token !== 'string') {
      throw new CourierUnavailable(`Shiprocket login: ${response.status} ${typeof body?.message === 'string' ? body.message : ''}`.trim())
    }
    token = { value: body.token, until: now() + TOKEN_LIFETIME_MS }
    return body.token
  }

  /** One login at a time: concurrent calls share it. */
  async function bearer(fresh: boolean): Promise<string> {
    if (!fresh && token && token.until > now()) return token.value
    loggingIn ??= login().finally(() => {
      loggingIn = null
    })
    return loggingIn
  }

  async function call(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const request = async (fresh: boolean) =>
      send(path, {
        method: init.method ?? 'GET',
        headers: { Authorization: `Bearer ${await bearer(fresh)}`, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      })
    let response = await request(false)
    if (response.status === 401) {
      token = null
      response = await request(true)
    }
    return response
  }

  return { call, timeoutMs }
}

export function shiprocket(settings: ShiprocketSettings, now: () => number = Date.now): CourierService {
  const session = shiprocketSession(settings, now)
  const authorized = (path: string) => session.call(path)
  return {
    async quote(request: QuoteRequest): Promise<CourierQuote[]> {
      const side = Math.max(1, Math.ceil(Math.cbrt(request.parcel.volumeCm3)))
      const query = new URLSearchParams({
        pickup_postcode: request.fromPincode,
        delivery_postcode: request.toPincode,
        weight: (request.billedGrams / 1000).toFixed(3),
        length: String(side),
        breadth: String(side),
        height: String(side),
        cod: '0',
        declared_value: (request.declaredValuePaise / 100).toFixed(2),
      })
      const response = await authorized(`/courier/serviceability/?${query}`)
      const body = (await response.json().catch(() => null)) as { status?: unknown; message?: unknown; data?: { available_courier_companies?: unknown } } | null
      if (response.status === 404 || body?.status === 404) return []
      if (!response.ok) throw new CourierUnavailable(`Shiprocket serviceability: ${response.status} ${typeof body?.message === 'string' ? body.message : ''}`.trim())
      const couriers = Array.isArray(body?.data?.available_courier_companies) ? (body.data.available_courier_companies as Courier[]) : []
      return couriers
        .flatMap((courier) => {
          const rupees = Number(courier.rate)
          const days = Number.parseInt(String(courier.estimated_delivery_days), 10)
          if (!Number.isFinite(rupees) || rupees < 0 || courier.courier_company_id == null) return []
          return [
            {
              courierId: String(courier.courier_company_id),
              courierName: typeof courier.courier_name === 'string' ? courier.courier_name : 'Courier',
              feePaise: Math.round(rupees * 100),
              transitDays: Number.isFinite(days) && days > 0 ? days : 7,
            },
          ]
        })
        .sort((a, b) => a.feePaise - b.feePaise || a.transitDays - b.transitDays)
    },
  }
}
