// The streaming multipart reader of the custom-order form (issue 31): the same fields and files as
// request.formData() while they fit, whatever the chunks' edges; past a limit the files are dropped,
// the text kept and the reason said.
import { describe, expect, it } from 'vitest'
import { MAX_FIELD_BYTES, readBoundedMultipart, UnreadableForm } from './bounded-multipart.server'

const LIMITS = { field: 'photos', maxFiles: 3, maxBytes: 1000 }

/** The multipart body the platform makes of `form`, and its content type. */
async function encode(form: FormData): Promise<{ body: Buffer; type: string }> {
  const request = new Request('http://shop.test/', { method: 'POST', body: form })
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('Content-Type') as string }
}

/** A request streaming `body` in chunks of `size` bytes. */
function streamed(body: Buffer, type: string, size: number): Request {
  let at = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close()
      controller.enqueue(new Uint8Array(body.subarray(at, at + size)))
      at += size
    },
  })
  return new Request('http://shop.test/', { method: 'POST', body: stream, headers: { 'Content-Type': type }, duplex: 'half' } as RequestInit)
}

function sample(photos: Buffer[] = [Buffer.alloc(300, 1), Buffer.alloc(200, 2)]): FormData {
  const form = new FormData()
  form.append('name', 'Asha Rao')
  form.append('description', 'A pendant with our wedding flowers — जयमाला, "marigold"\r\n--not a boundary')
  for (const [i, photo] of photos.entries()) form.append('photos', new File([new Uint8Array(photo)], `photo-${i}.jpg`, { type: 'image/jpeg' }))
  form.append('budget', '2500')
  return form
}

async function entries(form: FormData) {
  return Promise.all(
    [...form.entries()].map(async ([name, value]) =>
      typeof value === 'string' ? [name, value] : [name, value.name, value.type, Buffer.from(await value.arrayBuffer()).toString('hex')],
    ),
  )
}

describe('readBoundedMultipart', () => {
  it('reads what formData() reads, however the body is cut into chunks', async () => {
    const { body, type } = await encode(sample())
    const expected = await entries(await streamed(body, type, 64 * 1024).formData())
    for (const size of [1, 2, 7, 45, 64 * 1024]) {
      const read = await readBoundedMultipart(streamed(body, type, size), LIMITS)
      expect({ size, entries: await entries(read.form) }).toEqual({ size, entries: expected.map(([name, ...rest]) => [name, ...rest]).sort(byField) })
      expect([read.tooManyFiles, read.filesTooLarge]).toEqual([false, false])
    }
  })

  it('drops every photo past the bytes allowed in all, keeping the typed fields', async () => {
    const { body, type } = await encode(sample([Buffer.alloc(600, 1), Buffer.alloc(401, 2)]))
    const read = await readBoundedMultipart(streamed(body, type, 100), LIMITS)
    expect(read.filesTooLarge).toBe(true)
    expect(read.tooManyFiles).toBe(false)
    expect(read.form.getAll('photos')).toEqual([])
    expect([read.form.get('name'), read.form.get('budget')]).toEqual(['Asha Rao', '2500'])
  })

  it('drops the photos when there are too many, and says so', async () => {
    const { body, type } = await encode(sample([1, 2, 3, 4].map((n) => Buffer.alloc(10, n))))
    const read = await readBoundedMultipart(streamed(body, type, 1000), LIMITS)
    expect([read.tooManyFiles, read.filesTooLarge]).toEqual([true, false])
    expect(read.form.getAll('photos')).toEqual([])
    expect(read.form.get('description')).toContain('जयमाला')
  })

  it('does not count an empty file input, and drops files under other names', async () => {
    const form = sample([])
    form.append('photos', new File([], '', { type: 'application/octet-stream' }))
    form.append('other', new File([new Uint8Array(5000)], 'big.bin'))
    const { body, type } = await encode(form)
    const read = await readBoundedMultipart(streamed(body, type, 512), LIMITS)
    expect([read.tooManyFiles, read.filesTooLarge]).toEqual([false, false])
    expect(read.form.getAll('photos')).toEqual([])
    expect(read.form.has('other')).toBe(false)
  })

  it('cuts a text field at MAX_FIELD_BYTES', async () => {
    const form = new FormData()
    form.append('description', 'x'.repeat(MAX_FIELD_BYTES + 10))
    const { body, type } = await encode(form)
    const read = await readBoundedMultipart(streamed(body, type, 4096), LIMITS)
    expect((read.form.get('description') as string).length).toBe(MAX_FIELD_BYTES)
  })

  it('refuses a body that ends half way, or is not multipart', async () => {
    const { body, type } = await encode(sample())
    await expect(readBoundedMultipart(streamed(body.subarray(0, body.length - 40), type, 100), LIMITS)).rejects.toBeInstanceOf(UnreadableForm)
    await expect(readBoundedMultipart(streamed(body, 'multipart/form-data', 100), LIMITS)).rejects.toBeInstanceOf(UnreadableForm)
  })
})

/** Text fields first, then files, as the reader answers (each in the order sent). */
function byField(a: unknown[], b: unknown[]): number {
  return (a.length === 2 ? 0 : 1) - (b.length === 2 ? 0 : 1)
}
