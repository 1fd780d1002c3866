import { describe, expect, it } from 'vitest'
import { addressSchema } from '~/schemas/address'
import { loginSchema } from '~/schemas/auth'
import { productSchema } from '~/schemas/product'
import { boundedForm, MAX_ENTRIES, MAX_LIST_INDEX, MAX_VALUES_PER_NAME, parseForm, readFieldName } from './form-input.server'

function form(entries: [string, string][]): FormData {
  const f = new FormData()
  for (const [k, v] of entries) f.append(k, v)
  return f
}

/** Runs `work` and returns how long it took, in ms. */
function timed(work: () => void): number {
  const started = performance.now()
  work()
  return performance.now() - started
}

const PRODUCT: [string, string][] = [
  ['title', 'Ocean coaster'],
  ['description', 'Blue resin'],
  ['category', 'home-decor'],
  ['price', '499'],
  ['totalStock', '5'],
]

describe('readFieldName', () => {
  it('reads plain paths and writes their indexes canonically', () => {
    expect(readFieldName('title')).toEqual({ pattern: 'title', canonical: 'title' })
    expect(readFieldName('varieties[03].name')).toEqual({ pattern: 'varieties[].name', canonical: 'varieties[3].name' })
    expect(readFieldName('colors[]')).toEqual({ pattern: 'colors[]', canonical: 'colors[]' })
    expect(readFieldName(`colors[${MAX_LIST_INDEX}]`)?.canonical).toBe(`colors[${MAX_LIST_INDEX}]`)
  })

  it('refuses huge indexes, odd syntax and long names', () => {
    for (const name of [
      `colors[${MAX_LIST_INDEX + 1}]`, 'a[1000000]', 'a[4294967294]', `a[${'9'.repeat(300)}]`, 'a[-1]', 'a[1.5]', '[0]', '.a', 'a..b',
      'a[0', 'a]0[', 'a[b]', '', 'a'.repeat(201), `${'a.'.repeat(200)}a`, `a${'[0]'.repeat(100)}`,
    ]) {
      expect(readFieldName(name), name).toBeNull()
    }
  })
})

describe('parseForm', () => {
  it('parses a real login form as parseWithZod would', () => {
    const submission = parseForm(form([['email', 'A@Example.com'], ['password', 'secret'], ['redirectTo', '/shop/cart']]), { schema: loginSchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({ email: 'a@example.com', password: 'secret' })
  })

  it('keeps the product form lists and a list button (intent) of a form without JS', () => {
    const submission = parseForm(
      form([
        ...PRODUCT,
        ['varieties[0].name', 'Small'],
        ['varieties[0].price', '299'],
        ['colors[0]', 'Blue'],
        ['colors[1]', 'Gold'],
        ['__intent__', JSON.stringify({ type: 'remove', payload: { name: 'colors', index: 1 } })],
      ]),
      { schema: productSchema },
    )
    expect(submission.payload).toMatchObject({ colors: ['Blue'], varieties: [{ name: 'Small', price: '299' }] })
    expect(submission.reply().intent).toMatchObject({ type: 'remove' })
  })

  it('answers the 40-byte attack (a huge index) at once, without the field', () => {
    for (const index of ['1000000', '10000000', '4294967294']) {
      let reply: unknown
      const ms = timed(() => {
        reply = parseForm(form([['email', 'x'], ['password', 'y'], [`a[${index}]`, '1']]), { schema: loginSchema }).reply({
          hideFields: ['password'],
        })
      })
      expect(ms, index).toBeLessThan(50)
      expect(JSON.stringify(reply), index).not.toContain('"a"')
    }
  })

  it('drops huge indexes on the schema own lists, also inside an intent', () => {
    const submission = parseForm(
      form([
        ...PRODUCT,
        ['colors[99999999]', 'x'],
        ['varieties[4294967294].name', 'x'],
        ['images[101]', '/uploads/abc.webp'],
        ['__intent__', JSON.stringify({ type: 'update', payload: { name: 'colors[99999999]', value: 'x' } })],
      ]),
      { schema: productSchema },
    )
    expect(submission.status).toBe('success')
    expect(submission.payload).not.toHaveProperty('colors')
    expect(submission.payload).not.toHaveProperty('varieties')
    for (const intent of [
      { type: 'update', payload: { name: 'colors', index: 99999999, value: 'x' } },
      { type: 'insert', payload: { name: 'colors', index: 1e9, defaultValue: 'x' } },
      { type: 'reorder', payload: { name: 'colors', from: 0, to: 4294967294 } },
      { type: 'insert', payload: { name: 'unknown', defaultValue: 'x' } },
      { type: 'launch', payload: {} },
    ]) {
      const kept = boundedForm(form([...PRODUCT, ['__intent__', JSON.stringify(intent)]]), productSchema)
      expect(kept.has('__intent__'), JSON.stringify(intent)).toBe(false)
    }
  })

  it('drops a malformed or overlong intent instead of throwing', () => {
    for (const intent of ['{', 'null', '"x"', '{"type":"insert"}', JSON.stringify({ type: 'insert', payload: { name: 'colors', defaultValue: 'x'.repeat(3000) } })]) {
      expect(() => parseForm(form([...PRODUCT, ['__intent__', intent]]), { schema: productSchema }), intent).not.toThrow()
    }
  })

  it('bounds repeated names, many fields and long paths', () => {
    const repeated = form(Array.from({ length: 130_000 }, () => ['email', 'x'] as [string, string]))
    let kept = 0
    expect(timed(() => {
      kept = boundedForm(repeated, loginSchema).getAll('email').length
    })).toBeLessThan(500)
    expect(kept).toBe(MAX_VALUES_PER_NAME)
    // `colors[1]` and `colors[001]` are one field: the cap holds across spellings.
    const spellings = form(Array.from({ length: 50_000 }, (_, i) => [i % 2 ? 'colors[1]' : 'colors[001]', 'x'] as [string, string]))
    expect(boundedForm(spellings, productSchema).getAll('colors[1]')).toHaveLength(MAX_VALUES_PER_NAME)
    const many = form(Array.from({ length: 100_000 }, (_, i) => [`colors[${i % 101}]`, 'x'] as [string, string]))
    expect([...boundedForm(many, productSchema)].length).toBeLessThanOrEqual(MAX_ENTRIES)
    const odd = form([['addressLine', 'x'], [`${'a.'.repeat(400_000)}a`, '1'], [`a${'[0]'.repeat(300_000)}`, '1'], ['__proto__', '1'], ['constructor.prototype', '1'], ['__state__', '{']])
    expect([...boundedForm(odd, addressSchema).keys()]).toEqual(['addressLine'])
  })
})
