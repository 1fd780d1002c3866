// What the image rules need from outside, declared here so the catalog owns it: a codec that reads
// an image's header and writes WebP, and this process's cache of stored files (the uploads
// directory). The rules (formats, limits, widths, names, stored_files) stay in the domain;
// app/infra/images/ implements this with sharp and the file system, and adapters get the one store
// from getImageStore() (ADR 054).

export interface ImageFile {
  name: string
  content: Buffer
}

export interface ImageSize {
  width: number
  height: number
}

export interface WebpOptions {
  quality: number
  effort: number
}

/** What decoding one image will take, estimated from its header by the codec that will decode it. */
export interface DecodeEstimate {
  /** The format as a refusal names it ('progressive JPEG', 'AVIF image'). */
  label: string
  /** CPU milliseconds on the shop's 2-core machine. */
  ms: number
  /** Bytes a decoder that cannot stream holds at once (0 for one that streams). */
  heldBytes: number
}

/** An image's header, read without decoding a pixel. */
export interface ImageHeader {
  /** The format the decoder found ('jpeg', 'png', 'gif', 'webp', 'heif', or another it knows). */
  format: string
  /** The codec inside a HEIF file: 'av1' for AVIF, 'hevc' for an iPhone's HEIC. */
  compression: string | undefined
  /** As stored, before the EXIF orientation turns it. */
  width: number
  height: number
  /** EXIF orientation, 1 (upright) to 8; 5 to 8 turn the picture a quarter. */
  orientation: number
  decode: DecodeEstimate
}

/** One image to encode: decoded once, then written at each width (smallest first) under its name. */
export interface EncodeJob {
  widths: readonly number[]
  names: readonly string[]
  webp: WebpOptions
  /** Refuse to decode more pixels than this, whatever the header said. */
  maxInputPixels: number
}

export interface EncodedImage extends ImageSize {
  files: ImageFile[]
}

export interface ImageCodec {
  /** The header of `input`; null when it is no image this codec can decode. */
  readHeader(input: Buffer): Promise<ImageHeader | null>
  /**
   * Decodes `input` once (turned upright, metadata dropped) and encodes every width of the job.
   * Rejects when it cannot. The same job asked for twice at once is done once.
   */
  encode(input: Buffer, job: EncodeJob): Promise<EncodedImage>
  /** The size of an encoded image. */
  sizeOf(image: Buffer): Promise<ImageSize>
  /** An encoded image made narrower (never wider). */
  resize(image: Buffer, width: number, webp: WebpOptions): Promise<Buffer>
}

/**
 * This process's cache of stored files (ADR 040): the database holds every file, the cache is
 * where this process serves them from. Names are content hashes, so a cached file never changes.
 */
export interface ImageFileCache {
  /** Every name in the cache, whatever the file ([] when there is no cache yet). */
  names(): Promise<string[]>
  /** Where a cached file is, to send it; null when it is not cached here. */
  pathOf(name: string): Promise<string | null>
  read(name: string): Promise<Buffer>
  /** Caches the files not cached yet; a reader never sees half a file. Creates the cache. */
  write(files: readonly ImageFile[]): Promise<void>
  /** When a cached file was written; null when that cannot be told. */
  modifiedAt(name: string): Promise<Date | null>
  remove(name: string): Promise<void>
}

/** The image store the catalog is handed: a codec and a cache, built once with its directory. */
export interface ImageStore extends ImageCodec, ImageFileCache {}
