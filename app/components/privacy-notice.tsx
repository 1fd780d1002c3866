// The privacy notice at sign-up (DPDP Act 2023, ADR 089): what is kept and why, before she gives it.
import { Link } from 'react-router'

export function PrivacyNotice() {
  return (
    <section aria-label="Privacy notice" className="grid gap-1 rounded-md bg-zinc-50 p-3 text-xs text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
      <p>
        We keep your name, email and a secure hash of your password to run your account; your addresses, phone and orders to deliver
        and bill what you buy (invoices for eight years, as tax law requires); your reviews, requests and choices while you have an
        account. We share your delivery details with the courier and your payment with Razorpay, and nothing else with anyone.
      </p>
      <p>
        You can download your data or delete your account at any time from your account. Read our{' '}
        <Link className="underline" to="/shop/policies/privacy">
          Privacy Policy
        </Link>
        .
      </p>
    </section>
  )
}
