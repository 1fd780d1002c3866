// A 12-megapixel (4000 x 3000) JPEG, as a phone camera takes it, posted to the admin upload API.
import sharp from 'sharp'

export async function twelveMegapixelJpeg() {
  const width = 4000
  const height = 3000
  // A smooth gradient with some noise: compresses like a photo (a few MB), not like a flat colour.
  const noise = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .blur(1.2)
    .raw()
    .toBuffer()
  return sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer()
}

export async function uploadImage(url, token, jpeg) {
  const form = new FormData()
  form.set('my_file', new Blob([jpeg], { type: 'image/jpeg' }), 'camera.jpg')
  const started = performance.now()
  const response = await fetch(`${url}/api/admin/products/upload-image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const body = await response.json()
  if (!response.ok) throw new Error(`Upload answered ${response.status}: ${JSON.stringify(body)}`)
  return { ms: performance.now() - started, result: body.result }
}
