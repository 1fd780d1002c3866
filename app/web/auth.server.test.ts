import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { clientIpContext } from '~/web/context'
import { authenticateLoginForm, LoginFormInvalid } from './auth.server'

describe('authenticateLoginForm', () => {
  it('checks the form the action already read: the request body is not read a second time', async () => {
    const request = new Request('http://shop.test/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=not-an-email&password=y&a[4294967294]=1',
    })
    const form = await request.formData()
    expect(request.bodyUsed).toBe(true)
    const context = new RouterContextProvider()
    context.set(clientIpContext, '127.0.0.1')
    const started = performance.now()
    const failure = await authenticateLoginForm(context, request, form).catch((error: unknown) => error)
    expect(performance.now() - started).toBeLessThan(100)
    expect(failure).toBeInstanceOf(LoginFormInvalid)
    const reply = (failure as LoginFormInvalid).reply
    expect(reply.error?.email).toEqual(['Enter a valid email address'])
    // The huge index never reached Conform, and the password is not sent back.
    expect(reply.initialValue).toEqual({ email: 'not-an-email' })
  })
})
