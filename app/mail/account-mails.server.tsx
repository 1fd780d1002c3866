// The mails about an account: the reset link, and the note that an account already exists.
import { ButtonLink, Heading, MailLayout, Muted, Paragraph } from './layout'
import type { MailBrand, RenderedMail } from './types'
import { html, text } from './parts.server'

/** The reset link; it works once, for `minutes`. */
export function passwordResetMail(brand: MailBrand, input: { userName: string; link: string; minutes: number }): RenderedMail {
  const subject = `Reset your ${brand.shopName} password`
  const ignore = 'If you did not ask for this, ignore this mail: your password stays as it is.'
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={`The link works once, for ${input.minutes} minutes.`}>
        <Heading>Reset your password</Heading>
        <Paragraph>Hi {input.userName}, someone (we hope you) asked to reset the password of your account.</Paragraph>
        <ButtonLink href={input.link}>Choose a new password</ButtonLink>
        <Paragraph>The link works once, for {input.minutes} minutes. Setting a new password signs you out everywhere.</Paragraph>
        <Muted>{ignore}</Muted>
        <Muted>
          {/* A 40-character token has no place to break: without break-all it ran past a phone's screen. */}
          If the button does not work, open this address: <span style={{ wordBreak: 'break-all' }}>{input.link}</span>
        </Muted>
      </MailLayout>,
    ),
    text: text(
      brand,
      `Hi ${input.userName}, someone (we hope you) asked to reset the password of your account.`,
      `Choose a new password: ${input.link}`,
      `The link works once, for ${input.minutes} minutes. Setting a new password signs you out everywhere.`,
      ignore,
    ),
  }
}

/**
 * To an account's own address when someone registers with it: registration answers the same for a
 * known email as for a new one (nobody learns who has an account), so its owner is told here. Names
 * only what the account holds, nothing the person registering typed.
 */
export function accountExistsMail(brand: MailBrand, input: { userName: string }): RenderedMail {
  const subject = `You already have a ${brand.shopName} account`
  const login = `${brand.publicUrl}/auth/login`
  const reset = `${brand.publicUrl}/auth/forgot-password`
  const line = 'Someone (we hope you) just tried to create an account with this email address, which already has one.'
  const ignore = 'If it was not you, ignore this mail: nothing was changed and no new account was made.'
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={line}>
        <Heading>You already have an account</Heading>
        <Paragraph>
          Hi {input.userName}, {line}
        </Paragraph>
        <ButtonLink href={login}>Log in</ButtonLink>
        <Paragraph>Forgotten your password? Choose a new one: {reset}</Paragraph>
        <Muted>{ignore}</Muted>
      </MailLayout>,
    ),
    text: text(brand, `Hi ${input.userName}, ${line}`, `Log in: ${login}`, `Forgotten your password? Choose a new one: ${reset}`, ignore),
  }
}
