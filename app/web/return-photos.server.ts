// A return's photo of damage (ADR 101) for the order's shopper or the admin: the WebP bytes with a
// private cache header; anyone else, or a name that is not one of the order's return photos, a 404.
import { NotFound } from '~/domain/errors'
import { returnPhotoFile } from '~/domain/orders/return-photos.server'
import { getDb } from '~/infra/db.server'
import type { SessionUser } from '~/lib/user'

export async function returnPhotoResponse(viewer: SessionUser, orderId: string, name: string): Promise<Response> {
  try {
    const content = await returnPhotoFile(getDb(), orderId, name.slice(0, 100), viewer)
    return new Response(new Uint8Array(content), {
      headers: {
        'Content-Type': 'image/webp',
        'Content-Length': String(content.length),
        // Her photo: kept by her browser (the name is its content's hash, so it never changes), never by a shared cache.
        'Cache-Control': 'private, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch (error) {
    if (!(error instanceof NotFound)) throw error
    return new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-cache' } })
  }
}
