// Saved delivery addresses: at most three per user, always the owner's own.
import { sql } from 'kysely'
import type { DB } from '../../../db/database'
import { lockRows } from '../../../db/dialect'
import type { Address } from '../../../db/schema'
import { ADDRESS_FIELDS, ADDRESS_MESSAGES, type AddressField, type AddressFields, MAX_ADDRESSES } from '~/lib/addresses'
import { newId } from '~/lib/ids.server'
import type { AddressInput } from '~/schemas/address'
import { Invalid, NotFound } from '~/domain/errors'

/** A saved address: the address fields (ADDRESS_FIELDS) and whose it is. */
export interface AddressView extends AddressFields {
  id: string
  userId: string
}

/** The column each address field is stored in, in `addresses` and in the snapshot an order keeps. */
const ADDRESS_COLUMNS = {
  name: 'recipient_name',
  addressLine: 'address_line',
  city: 'city',
  state: 'state',
  pincode: 'pincode',
  country: 'country',
  phone: 'phone',
  landmark: 'landmark',
  notes: 'notes',
} as const satisfies Record<AddressField, string>

export type AddressColumn = (typeof ADDRESS_COLUMNS)[AddressField]
export type AddressColumns = Record<AddressColumn, string>
export const ADDRESS_COLUMN_NAMES = ADDRESS_FIELDS.map((field) => ADDRESS_COLUMNS[field])

/** An address's fields as columns (a saved address, or an order's snapshot of one). */
export function toAddressColumns(fields: AddressFields): AddressColumns {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [ADDRESS_COLUMNS[field], fields[field]])) as AddressColumns
}

/** The address fields of a row that stores them (addresses, orders). */
export function fromAddressColumns(row: AddressColumns): AddressFields {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, row[ADDRESS_COLUMNS[field]]])) as AddressFields
}

function toView(row: Address): AddressView {
  return { id: row.id, userId: row.user_id, ...fromAddressColumns(row) }
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
  if (!row) throw new NotFound(ADDRESS_MESSAGES.notFound)
  return toView(row)
}

export async function addAddress(db: DB, userId: string, input: AddressInput): Promise<AddressView> {
  return db.transaction().execute(async (trx) => {
    // Count, then add: on PostgreSQL two adds of one user wait for each other on the user's row.
    await lockRows(trx, 'users', [userId])
    const { count } = await trx
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    if (Number(count) >= MAX_ADDRESSES) throw new Invalid({ address: [ADDRESS_MESSAGES.limit] }, ADDRESS_MESSAGES.limit)
    const row = { id: newId(), user_id: userId, ...toAddressColumns(input), updated_at: new Date().toISOString() }
    await trx.insertInto('addresses').values(row).execute()
    return toView(await trx.selectFrom('addresses').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow())
  })
}

export async function updateAddress(db: DB, userId: string, addressId: string, input: AddressInput): Promise<AddressView> {
  const result = await db
    .updateTable('addresses')
    .set({ ...toAddressColumns(input), updated_at: new Date().toISOString() })
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) throw new NotFound(ADDRESS_MESSAGES.notFound)
  return getAddress(db, userId, addressId)
}

export async function deleteAddress(db: DB, userId: string, addressId: string): Promise<void> {
  const result = await db.deleteFrom('addresses').where('id', '=', addressId).where('user_id', '=', userId).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) throw new NotFound(ADDRESS_MESSAGES.notFound)
}
