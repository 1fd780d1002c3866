// What decoding an image will cost, estimated from its header before a pixel is decoded (ADR 048).
// No library does this: the figures are this decoder's (sharp with libvips 8.18 and libaom),
// measured on the shop's 2-core machine with the costliest content (noise) and shapes, so they live
// beside the codec that decodes and change with it.
import type { Metadata } from 'sharp'
import type { DecodeEstimate } from '~/domain/catalog/image-store'

/** CPU per megapixel and per megabyte of the file (entropy decoding), and bytes held per pixel. */
interface DecodeCost {
  label: string
  msPerMegapixel: number
  msPerMegabyte: number
  heldBytesPerPixel: number
}

/**
 * The scans of a JPEG: a progressive decoder passes over every pixel once per scan, and a valid
 * file may have a thousand (a camera's has 1, an encoder's progressive one about 10).
 */
export function jpegScans(input: Buffer): number {
  let scans = 0
  let at = 2
  while (at + 3 < input.length) {
    at = input.indexOf(0xff, at)
    if (at < 0 || at + 3 >= input.length) break
    const marker = input[at + 1] as number
    // Fill bytes, stuffed zeros and restart markers inside entropy-coded data carry no length.
    if (marker === 0xff || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += marker === 0xff ? 1 : 2
      continue
    }
    if (marker === 0xd9) break
    if (marker === 0xda) scans++
    at += 2 + input.readUInt16BE(at + 2)
  }
  return scans
}

function decodeCost(meta: Metadata, input: Buffer): DecodeCost {
  const deep = (meta.bitsPerSample ?? 8) > 8
  switch (meta.format) {
    case 'jpeg':
      // Shrink-on-load makes a baseline JPEG cheap; a progressive one keeps every coefficient.
      return meta.isProgressive
        ? { label: 'progressive JPEG', msPerMegapixel: 12 + 0.2 * jpegScans(input), msPerMegabyte: 35, heldBytesPerPixel: 8 }
        : { label: 'JPEG', msPerMegapixel: 3, msPerMegabyte: 20, heldBytesPerPixel: 0 }
    case 'png':
      // An interlaced PNG is decoded whole; interlacing or 16 bits a sample cost eight times the work.
      return {
        label: 'PNG',
        msPerMegapixel: meta.isProgressive || deep ? 40 : 5,
        msPerMegabyte: 10,
        heldBytesPerPixel: meta.isProgressive ? (meta.channels ?? 4) * (deep ? 2 : 1) : 0,
      }
    case 'webp':
      return { label: 'WebP image', msPerMegapixel: 6, msPerMegabyte: 120, heldBytesPerPixel: (meta.pages ?? 1) > 1 ? 4 : 0 }
    case 'gif':
      return { label: 'GIF', msPerMegapixel: 16, msPerMegabyte: 5, heldBytesPerPixel: 6 }
    default:
      // AVIF (libaom): the costliest by far, and decoded whole.
      return deep
        ? { label: 'AVIF image', msPerMegapixel: 100, msPerMegabyte: 300, heldBytesPerPixel: 28 }
        : { label: 'AVIF image', msPerMegapixel: 60, msPerMegabyte: 300, heldBytesPerPixel: 20 }
  }
}

/** The estimate for an image whose header sharp read as `meta` (width and height known). */
export function estimateDecode(meta: Metadata, input: Buffer): DecodeEstimate {
  const cost = decodeCost(meta, input)
  const pixels = meta.width * meta.height
  return {
    label: cost.label,
    ms: (pixels / 1e6) * cost.msPerMegapixel + (input.byteLength / (1024 * 1024)) * cost.msPerMegabyte,
    heldBytes: pixels * cost.heldBytesPerPixel,
  }
}
