// What a parcel costs to send and how long it takes (issue 30): the billed weight is the larger of the
// dead weight and the volumetric weight (L x B x H in cm / 5000, in kg), charged per 500 g slab at the
// zone's rate: the first slab, then each further slab. The owner sets the rates per zone; these are the
// defaults, near what an aggregator charges a small seller for surface delivery in 2026.
import type { Zone } from './zones'

/** Couriers bill in slabs of half a kilogram. */
export const SLAB_GRAMS = 500
/** The volumetric divisor couriers use for surface and air parcels within India (cm³ per kg). */
export const VOLUMETRIC_DIVISOR = 5000

export interface ZoneRate {
  /** The first 500 g (or part of it). */
  firstSlabPaise: number
  /** Each further 500 g (or part of it). */
  extraSlabPaise: number
  /** Working days from dispatch to the door. */
  transitDays: number
}

export type ZoneRates = Record<Zone, ZoneRate>

export const DEFAULT_ZONE_RATES: ZoneRates = {
  city: { firstSlabPaise: 4000, extraSlabPaise: 3000, transitDays: 2 },
  state: { firstSlabPaise: 5000, extraSlabPaise: 4000, transitDays: 3 },
  metro: { firstSlabPaise: 6000, extraSlabPaise: 5000, transitDays: 3 },
  national: { firstSlabPaise: 7000, extraSlabPaise: 6000, transitDays: 5 },
  special: { firstSlabPaise: 9500, extraSlabPaise: 8000, transitDays: 7 },
}

/** A piece as packed: what it weighs and the size of its box (cm). */
export interface PackedPiece {
  deadGrams: number
  lengthCm: number
  breadthCm: number
  heightCm: number
}

/** What a courier weighs and measures: the weight, and the volume of the box (cm³). */
export interface Parcel {
  deadGrams: number
  volumeCm3: number
}

/** The weight a courier bills: the dead weight or the volumetric weight, whichever is more, in whole grams. */
export function billedGrams(parcel: Parcel): number {
  const volumetric = Math.ceil((parcel.volumeCm3 * 1000) / VOLUMETRIC_DIVISOR)
  return Math.max(Math.ceil(parcel.deadGrams), volumetric, 1)
}

/** The fee for `grams` billed at a zone's rate, in paise. */
export function shippingFeePaise(rate: ZoneRate, grams: number): number {
  const slabs = Math.max(1, Math.ceil(grams / SLAB_GRAMS))
  return rate.firstSlabPaise + (slabs - 1) * rate.extraSlabPaise
}

/** The parcel of an order's pieces: their weights add up, and so do their boxes' volumes (one box holding them all). */
export function parcelOf(pieces: readonly { piece: PackedPiece; quantity: number }[]): Parcel {
  let deadGrams = 0
  let volumeCm3 = 0
  for (const { piece, quantity } of pieces) {
    deadGrams += piece.deadGrams * quantity
    volumeCm3 += piece.lengthCm * piece.breadthCm * piece.heightCm * quantity
  }
  return { deadGrams, volumeCm3 }
}
