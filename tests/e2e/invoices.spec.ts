// The shopper's order page offers the GST invoice once the order is paid, and the link downloads a
// PDF (JS on and off: a plain link with `download`). The demo shop's seller is in Karnataka and the
// order ships to Karnataka: CGST + SGST.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, HOME_ADDRESS, startTestPayment, test } from './fixtures'

test.describe('invoices', () => {
  test.describe.configure({ timeout: 90_000 })

  test('a paid order links its invoice, and the link downloads the PDF', async ({ page, shop }) => {
    const product = await shop.product()
    await startTestPayment(page, product, { address: HOME_ADDRESS })
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
    await page.getByRole('link', { name: 'View My Orders' }).click()
    await page.getByRole('link', { name: 'View Details' }).first().click()
    await expect(page).toHaveURL(/\/shop\/account\/orders\/[^/?]+$/)

    // TEST MODE payments are numbered in their own series (ADR 035).
    const link = page.getByRole('link', { name: /^Download invoice TEST-INV\/\d{4}-\d{2}\/\d{6}$/ })
    await expect(link).toBeVisible()
    const box = await link.boundingBox()
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
    await expect(page.getByRole('link', { name: /Download credit note/ })).toHaveCount(0)

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toMatch(/^invoice-TEST-INV-\d{4}-\d{2}-\d{6}\.pdf$/)
    const path = await download.path()
    const bytes = readFileSync(path)
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8')
    expect(text).toContain('Tax Invoice')
    expect(text).toContain(HOME_ADDRESS.addressLine)
    expect(text).toContain('Place of supply: Karnataka (29)')
    expect(text).toMatch(/CGST\s+₹/)
    expect(text).toContain(product.title)

    const href = (await link.getAttribute('href')) ?? ''
    const answer = await page.request.get(href)
    expect(answer.status()).toBe(200)
    expect(answer.headers()['content-type']).toBe('application/pdf')
  })
})
