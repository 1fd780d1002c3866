import { type FieldMetadata, getInputProps } from '@conform-to/react'
import type { ComponentProps } from 'react'
import { Field, Input } from './field'

/** A labelled input of a Conform field, with the field's errors under it. */
export function InputField({
  label,
  meta,
  type,
  ...input
}: {
  label: string
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>
  type: 'text' | 'email' | 'password' | 'number'
} & Omit<ComponentProps<'input'>, 'type' | 'name'>) {
  return (
    <Field label={label} errors={meta.errors} errorId={meta.errorId}>
      <Input {...getInputProps(meta, { type })} key={meta.key} {...input} />
    </Field>
  )
}
