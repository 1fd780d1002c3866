// The custom-order form's photos in the browser (issue 31): a phone photo is shrunk before it is
// sent (a 12 MP JPEG of 4 to 14 MB becomes a 2560 px one of well under 2 MB), and a choice still
// over the form's limits is refused before any upload. The server checks everything again.

/** Photos smaller than this are sent as they are. */
const SHRINK_ABOVE_BYTES = 1.5 * 1024 * 1024
/** The longest side kept: more than the 1280 px the shop stores, and enough for the studio to read details. */
const LONGEST_SIDE = 2560
const JPEG_QUALITY = 0.85
/** What every browser decodes; HEIC and the rest go as they are, for the server to name. */
const SHRINKABLE = /^image\/(jpeg|png|webp)$/

/** The photo as a smaller JPEG, or the photo itself when it is small, not shrinkable, or would not get smaller. */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= SHRINK_ABOVE_BYTES || !SHRINKABLE.test(file.type) || typeof createImageBitmap !== 'function') return file
  try {
    const bitmap = await createImageBitmap(file)
    const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height))
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(bitmap.width * scale))
    canvas.height = Math.max(1, Math.round(bitmap.height * scale))
    const context = canvas.getContext('2d')
    if (!context) return file
    // A transparent PNG's background becomes white, not black, in a JPEG.
    context.fillStyle = '#fff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    bitmap.close()
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY))
    if (!blob || blob.size >= file.size) return file
    return new File([blob], `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified })
  } catch {
    // Not decodable here (a damaged file, or one the browser does not know): the server says why.
    return file
  }
}

/**
 * The photos to send: each shrunk (one at a time: a phone decodes one 12 MP photo at once), or the
 * message that refuses the choice (too many, or too large together even shrunk).
 */
export async function preparePhotos(
  chosen: File[],
  limits: { maxFiles: number; maxBytes: number },
  messages: { tooMany: string; tooLarge: string },
): Promise<{ files: File[] } | { refused: string }> {
  if (chosen.length > limits.maxFiles) return { refused: messages.tooMany }
  const files: File[] = []
  for (const file of chosen) files.push(await shrinkPhoto(file))
  if (files.reduce((sum, file) => sum + file.size, 0) > limits.maxBytes) return { refused: messages.tooLarge }
  return { files }
}
