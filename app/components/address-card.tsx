import { Form, Link } from 'react-router'
import type { AddressView } from '~/domain/accounts/addresses.server'
import { buttonClass } from './ui/button'

export function AddressLines({ address }: { address: Omit<AddressView, 'id' | 'userId'> }) {
  return (
    <div className="grid gap-0.5 text-sm">
      {address.name ? <p className="font-semibold">{address.name}</p> : null}
      <p>{address.addressLine}</p>
      <p>
        {address.city}, {address.state} {address.pincode}
      </p>
      <p>{address.country}</p>
      <p>Phone: {address.phone}</p>
      {address.landmark ? <p>Landmark: {address.landmark}</p> : null}
      {address.notes ? <p className="text-zinc-500 dark:text-zinc-400">Notes: {address.notes}</p> : null}
    </div>
  )
}

/** A saved address with Edit (a link, so it works without JS) and Delete (a post). */
export function AddressCard({ address, editHref }: { address: AddressView; editHref: string }) {
  return (
    <div className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <AddressLines address={address} />
      <div className="flex gap-2">
        <Link to={editHref} className={buttonClass('outline', 'sm')} preventScrollReset>
          Edit
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="address-delete" />
          <input type="hidden" name="addressId" value={address.id} />
          <button type="submit" className={buttonClass('destructive', 'sm')}>
            Delete
          </button>
        </Form>
      </div>
    </div>
  )
}
