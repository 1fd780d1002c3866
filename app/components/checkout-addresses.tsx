// Checkout's delivery address: pick one of the saved addresses, or add one (behind a tap when some are saved).
import type { AddressView } from '~/domain/accounts/addresses.server'
import { MAX_ADDRESSES } from '~/lib/addresses'
import { cn } from '~/lib/cn'
import type { FormReply } from '~/web/form-reply'
import { AddressLines } from './address-card'
import { AddressForm } from './address-form'

export function CheckoutAddresses({
  addresses,
  selected,
  onSelect,
  reply,
}: {
  addresses: AddressView[]
  selected: string
  onSelect: (addressId: string) => void
  /** The address form's failed reply, if the last post was one. */
  reply: FormReply | null
}) {
  return (
    <>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-lg font-semibold">Select a delivery address</legend>
        {addresses.length === 0 ? <p className="text-sm text-zinc-600">Add an address below to continue.</p> : null}
        {addresses.map((address) => (
          <label
            key={address.id}
            className={cn(
              'flex cursor-pointer gap-3 rounded-lg border p-3',
              selected === address.id ? 'border-zinc-900 ring-2 ring-zinc-900 dark:border-zinc-100 dark:ring-zinc-100' : 'border-zinc-200 dark:border-zinc-800',
            )}
          >
            <input
              type="radio"
              name="addressId"
              value={address.id}
              form="checkout-pay"
              checked={selected === address.id}
              onChange={() => onSelect(address.id)}
              className="mt-1 accent-zinc-900"
            />
            <AddressLines address={address} />
          </label>
        ))}
      </fieldset>
      {addresses.length === 0 ? (
        <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <h2 className="mb-3 font-semibold">Add New Address</h2>
          <AddressForm key={addresses.length} lastResult={reply} />
        </div>
      ) : addresses.length < MAX_ADDRESSES ? (
        // With saved addresses the form waits behind a tap, so the order and the pay button come first.
        <details key={addresses.length} open={Boolean(reply)} className="group rounded-lg border border-zinc-200 dark:border-zinc-800">
          <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">+ Add a new address</summary>
          <div className="border-t border-zinc-200 p-4 dark:border-zinc-800">
            <h2 className="sr-only">Add New Address</h2>
            <AddressForm lastResult={reply} />
          </div>
        </details>
      ) : null}
    </>
  )
}
