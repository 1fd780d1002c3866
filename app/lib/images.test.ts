import { describe, expect, it } from 'vitest'
import { IMAGE_WIDTHS, imageUrl, isUploadUrl, responsiveImage } from './images'

const hash = '0123456789abcdef0123456789abcdef'

describe('imageUrl', () => {
  it('appends the width and the webp extension', () => {
    expect(imageUrl(`/uploads/${hash}`, 640)).toBe(`/uploads/${hash}-640.webp`)
  })
})

describe('responsiveImage', () => {
  it('lists every standard width of a 1280 upload and uses the 640 one as src', () => {
    const image = responsiveImage(`/uploads/${hash}-1280.webp`)
    expect(image.src).toBe(`/uploads/${hash}-640.webp`)
    expect(image.srcSet).toBe(
      [320, 400, 640, 800, 1280].map((w) => `/uploads/${hash}-${w}.webp ${w}w`).join(', '),
    )
    for (const width of IMAGE_WIDTHS) expect(image.srcSet).toContain(`-${width}.webp ${width}w`)
  })

  it('lists only the widths that exist for a 640 upload', () => {
    const image = responsiveImage(`/uploads/${hash}-640.webp`)
    expect(image.src).toBe(`/uploads/${hash}-640.webp`)
    expect(image.srcSet).toBe(`/uploads/${hash}-320.webp 320w, /uploads/${hash}-400.webp 400w, /uploads/${hash}-640.webp 640w`)
  })

  it('uses the largest width as src when the upload is smaller than 640', () => {
    const image = responsiveImage(`/uploads/${hash}-400.webp`)
    expect(image.src).toBe(`/uploads/${hash}-400.webp`)
    expect(image.srcSet).toBe(`/uploads/${hash}-320.webp 320w, /uploads/${hash}-400.webp 400w`)
  })

  it('gives a single-width upload no srcSet', () => {
    expect(responsiveImage(`/uploads/${hash}-320.webp`)).toEqual({ src: `/uploads/${hash}-320.webp` })
  })

  it('passes a url that is not an upload through without srcSet', () => {
    expect(responsiveImage('/images/banner.jpg')).toEqual({ src: '/images/banner.jpg' })
    expect(responsiveImage('https://cdn.example.com/a-1280.webp')).toEqual({ src: 'https://cdn.example.com/a-1280.webp' })
  })

  it('passes through upload-like urls that do not match the naming scheme', () => {
    for (const url of [
      `/uploads/${hash.toUpperCase()}-1280.webp`,
      '/uploads/not-a-hash-1280.webp',
      `/uploads/${hash}-1280.png`,
      `/uploads/${hash}.webp`,
    ]) {
      expect(responsiveImage(url)).toEqual({ src: url })
    }
  })
})

describe('isUploadUrl', () => {
  it('accepts the upload pipeline urls only', () => {
    expect(isUploadUrl(`/uploads/${'ab12'.repeat(4)}-1280.webp`)).toBe(true)
    expect(isUploadUrl(`/uploads/${'a'.repeat(64)}-320.webp`)).toBe(true)
    for (const url of ['/uploads/abc-1280.webp', `/uploads/${'a'.repeat(16)}.webp`, `/uploads/${'A'.repeat(16)}-1280.webp`, `https://x.test/uploads/${'a'.repeat(16)}-1280.webp`, '/img/a.webp']) {
      expect(isUploadUrl(url), url).toBe(false)
    }
  })
})
