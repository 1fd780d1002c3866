// A multipart form read as it streams in, for a public form with photos (the custom-order request):
// every text field is kept (each cut at MAX_FIELD_BYTES), the files of one field are kept while
// they fit the limits, and past a limit the files are read and thrown away, so the page can answer
// with the form, its typed fields and a message beside the photos, instead of a bare 413 (issue 31).
// Memory stays bounded: the kept files (at most `maxFileBytes`), the text fields, and a few bytes of
// the stream. request.formData() would hold the whole body.

/** A text field longer than this is cut (the longest the shop takes is 2,000 characters). */
export const MAX_FIELD_BYTES = 64 * 1024
/** Text fields kept; more are dropped (server/http-guards.ts cuts off a body of over 1,000). */
export const MAX_TEXT_FIELDS = 100
const MAX_HEADER_BYTES = 8 * 1024

export interface FileLimits {
  /** The one field whose files are kept ('photos'); files under other names are dropped. */
  field: string
  maxFiles: number
  /** All files of the field together. */
  maxBytes: number
}

export interface BoundedForm {
  /** The text fields, and the files when they fit the limits (none otherwise). */
  form: FormData
  /** More files than `maxFiles` came (empty file inputs not counted). */
  tooManyFiles: boolean
  /** The files together came to more than `maxBytes`. */
  filesTooLarge: boolean
}

/** The body is not a multipart form this reader understands, or it ended half way. */
export class UnreadableForm extends Error {
  constructor() {
    super('The form could not be read.')
  }
}

export function isMultipartForm(request: Request): boolean {
  return /^multipart\/form-data\b/i.test(request.headers.get('Content-Type') ?? '')
}

function boundaryOf(type: string): string | null {
  return /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(type)?.slice(1).find(Boolean) ?? null
}

/** A parameter of a Content-Disposition header (`name`, `filename`); null when absent. */
function dispositionParam(header: string, key: string): string | null {
  const match = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header) ?? new RegExp(`;\\s*${key}=([^;\\s]*)`, 'i').exec(header)
  return match ? (match[1] as string).replace(/\\(.)/g, '$1') : null
}

interface Part {
  kind: 'text' | 'file' | 'skip'
  name: string
  filename: string
  type: string
  size: number
  chunks: Buffer[]
}

/** Reads `request`'s multipart body under `limits`; throws UnreadableForm for a broken one. */
export async function readBoundedMultipart(request: Request, limits: FileLimits): Promise<BoundedForm> {
  const boundary = boundaryOf(request.headers.get('Content-Type') ?? '')
  if (!boundary || !request.body) throw new UnreadableForm()
  const delimiter = Buffer.from(`\r\n--${boundary}`)
  const texts: [string, string][] = []
  let files: File[] = []
  let fileCount = 0
  let fileBytes = 0
  let tooManyFiles = false
  let filesTooLarge = false
  let part: Part | null = null
  let state = 'preamble' as 'preamble' | 'boundary' | 'headers' | 'body' | 'end'
  // The first delimiter has no line break before it: one is put in front.
  let pending: Buffer = Buffer.from('\r\n')

  const dropFiles = () => {
    files = []
    if (part?.kind === 'file') part.chunks = []
  }

  function startPart(head: string) {
    const headers = new Map<string, string>()
    for (const line of head.split('\r\n')) {
      const colon = line.indexOf(':')
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
    }
    const disposition = headers.get('content-disposition') ?? ''
    const name = dispositionParam(disposition, 'name')
    const filename = dispositionParam(disposition, 'filename')
    const type = headers.get('content-type') ?? null
    // A file has a file name (a browser's empty file input sends filename=""), or at least a type.
    const isFile = filename !== null || type !== null
    const kind = name === null ? 'skip' : isFile ? (name === limits.field ? 'file' : 'skip') : texts.length < MAX_TEXT_FIELDS ? 'text' : 'skip'
    part = { kind, name: name ?? '', filename: filename ?? '', type: type ?? '', size: 0, chunks: [] }
  }

  function partData(data: Buffer) {
    if (!part || data.length === 0 || part.kind === 'skip') return
    if (part.kind === 'text') {
      const room = MAX_FIELD_BYTES - part.size
      if (room > 0) part.chunks.push(Buffer.from(data.subarray(0, room)))
      part.size += Math.min(room, data.length)
      return
    }
    if (part.size === 0) {
      fileCount += 1
      if (fileCount > limits.maxFiles) tooManyFiles = true
    }
    part.size += data.length
    fileBytes += data.length
    if (fileBytes > limits.maxBytes) filesTooLarge = true
    if (tooManyFiles || filesTooLarge) dropFiles()
    else part.chunks.push(Buffer.from(data))
  }

  function endPart() {
    const done = part
    part = null
    if (!done) return
    if (done.kind === 'text') texts.push([done.name, Buffer.concat(done.chunks).toString('utf8')])
    else if (done.kind === 'file' && done.size > 0 && !tooManyFiles && !filesTooLarge) {
      files.push(new File(done.chunks as Uint8Array<ArrayBuffer>[], done.filename, { type: done.type }))
    }
  }

  /** Moves through `pending` as far as it goes; false when it needs more bytes. */
  function step(): boolean {
    switch (state) {
      case 'preamble':
      case 'body': {
        const at = pending.indexOf(delimiter)
        if (at === -1) {
          // Keep what could be the start of a delimiter cut by the chunk's edge.
          const safe = Math.max(0, pending.length - (delimiter.length - 1))
          if (state === 'body') partData(pending.subarray(0, safe))
          pending = pending.subarray(safe)
          return false
        }
        if (state === 'body') {
          partData(pending.subarray(0, at))
          endPart()
        }
        pending = pending.subarray(at + delimiter.length)
        state = 'boundary'
        return true
      }
      case 'boundary': {
        if (pending.length < 2) return false
        const next = pending.subarray(0, 2).toString('latin1')
        if (next === '--') {
          state = 'end'
          return false
        }
        if (next !== '\r\n') throw new UnreadableForm()
        pending = pending.subarray(2)
        state = 'headers'
        return true
      }
      case 'headers': {
        const at = pending.indexOf('\r\n\r\n')
        if (at === -1) {
          if (pending.length > MAX_HEADER_BYTES) throw new UnreadableForm()
          return false
        }
        startPart(pending.subarray(0, at).toString('utf8'))
        pending = pending.subarray(at + 4)
        state = 'body'
        return true
      }
      case 'end':
        return false
    }
  }

  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    if (state === 'end') continue
    pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : Buffer.from(chunk)
    while (step());
  }
  if (state !== 'end') throw new UnreadableForm()
  const form = new FormData()
  for (const [name, value] of texts) form.append(name, value)
  for (const file of files) form.append(limits.field, file)
  return { form, tooManyFiles, filesTooLarge }
}
