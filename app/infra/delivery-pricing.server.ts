// How this shop prices delivery (ADR 085), for the adapters to hand the domain: DELIVERY_FEE flat, or
// by zone and weight through Shiprocket when its API user is configured, else the owner's zone rates.
import type { CourierService } from '~/domain/shipping/courier'
import type { DeliveryPricing } from '~/domain/shipping/delivery-charge.server'
import { getConfig } from './config.server'
import { shiprocket } from './shiprocket.server'

let courier: { key: string; service: CourierService } | null = null

/** The one Shiprocket client of the process (it keeps its login token), or null when none is configured. */
function configuredCourier(): CourierService | null {
  const { SHIPROCKET_EMAIL: email, SHIPROCKET_PASSWORD: password, SHIPROCKET_API_BASE: apiBase } = getConfig()
  if (!email || !password) return null
  const key = `${apiBase}\n${email}\n${password}`
  if (courier?.key !== key) courier = { key, service: shiprocket({ apiBase, email, password }) }
  return courier.service
}

export function deliveryPricing(): DeliveryPricing {
  const config = getConfig()
  return config.DELIVERY_PRICING === 'zones' ? { zones: true, courier: configuredCourier() } : config.DELIVERY_FEE
}
