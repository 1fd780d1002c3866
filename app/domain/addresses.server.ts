// Saved delivery addresses: at most three per user, always the owner's own.
import { sql } from 'kysely'
import type { DB } from '../../db/database'
import type { Address } from '../../db/schema'
import { MAX_ADDRESSES } from '~/lib/catalog'
import { newId } from '~/lib/ids.server'
import type { AddressInput } from '~/schemas/address'
import { Invalid, NotFound } from './errors'

export const ADDRESS_LIMIT_MESSAGE = 'You can Add Max 3 Addresses'

export interface AddressView {
  id: string
  userId: string
  /** The recipient, when not the account holder; '' when not given. */
  name: string
  addressLine: string
  city: string
  state: string
  pincode: string
  country: string
  phone: string
  landmark: string
  notes: string
}

function toView(row: Address): AddressView {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.recipient_name,
    addressLine: row.address_line,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    country: row.country,
    phone: row.phone,
    landmark: row.landmark,
    notes: row.notes,
  }
}

function toColumns(input: AddressInput) {
  return {
    recipient_name: input.name,
    address_line: input.addressLine,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
    country: input.country,
    phone: input.phone,
    landmark: input.landmark,
    notes: input.notes,
  }
}

export async function listAddresses(db: DB, userId: string): Promise<AddressView[]> {
  const rows = await db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy(sql`rowid`).execute()
  return rows.map(toView)
}

/** One of the user's addresses; NotFound for anyone else's. */
export async function getAddress(db: DB, userId: string, addressId: string): Promise<AddressView> {
  const row = await db
    .selectFrom('addresses')
    .selectAll()
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) throw new NotFound('Address not found.')
  return toView(row)
}

export async function addAddress(db: DB, userId: string, input: AddressInput): Promise<AddressView> {
  return db.transaction().execute(async (trx) => {
    const { count } = await trx
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    if (Number(count) >= MAX_ADDRESSES) throw new Invalid({ address: [ADDRESS_LIMIT_MESSAGE] }, ADDRESS_LIMIT_MESSAGE)
    const row = { id: newId(), user_id: userId, ...toColumns(input), updated_at: new Date().toISOString() }
    await trx.insertInto('addresses').values(row).execute()
    return toView(await trx.selectFrom('addresses').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow())
  })
}

export async function updateAddress(db: DB, userId: string, addressId: string, input: AddressInput): Promise<AddressView> {
  const result = await db
    .updateTable('addresses')
    .set({ ...toColumns(input), updated_at: new Date().toISOString() })
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) throw new NotFound('Address not found.')
  return getAddress(db, userId, addressId)
}

export async function deleteAddress(db: DB, userId: string, addressId: string): Promise<void> {
  const result = await db.deleteFrom('addresses').where('id', '=', addressId).where('user_id', '=', userId).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) throw new NotFound('Address not found.')
}
