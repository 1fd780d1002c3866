// A return's photo of damage as the image pipeline prepares it (ADR 101), for domain tests that need
// one to ask for a damage return but not its pixels (return-photos.server.test.ts uses real ones).
import type { PreparedImage } from '~/domain/catalog/media.server'

export function preparedReturnPhoto(seed = 'a'): PreparedImage {
  const hash = seed.charCodeAt(0).toString(16).padStart(2, '0').repeat(16)
  const name = `${hash}-320.webp`
  return { url: `/uploads/${name}`, width: 320, height: 240, files: [{ name, content: Buffer.from(`photo ${seed}`) }] }
}
