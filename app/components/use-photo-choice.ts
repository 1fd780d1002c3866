// With JS, a photo field's choice as it is made (ADR 079; the custom-order and return forms): each
// photo shrunk in the browser and put back in the field, or the choice refused and emptied before
// any upload. The server checks everything again.
import { type ChangeEvent, useEffect, useRef, useState } from 'react'
import { preparePhotos } from '~/web/shrink-photos'

export interface PhotoChoiceLimits {
  maxFiles: number
  maxBytes: number
  tooMany: string
  tooLarge: string
}

/**
 * `error` is undefined until the shopper chooses (the server's message shows), then the browser's
 * verdict (null: fine). `lastResult`: the server's last answer (a new one shows its message again).
 */
export function usePhotoChoice(lastResult: unknown, limits: PhotoChoiceLimits) {
  const [error, setError] = useState<string | null | undefined>(undefined)
  const [preparing, setPreparing] = useState(false)
  const latest = useRef(0)
  useEffect(() => {
    if (lastResult) setError(undefined)
  }, [lastResult])
  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    latest.current += 1
    const choice = latest.current
    const chosen = [...(input.files ?? [])]
    setPreparing(true)
    const prepared = await preparePhotos(chosen, { maxFiles: limits.maxFiles, maxBytes: limits.maxBytes }, { tooMany: limits.tooMany, tooLarge: limits.tooLarge })
    if (choice !== latest.current) return
    setPreparing(false)
    if ('refused' in prepared) {
      input.value = ''
      setError(prepared.refused)
      return
    }
    setError(null)
    if (prepared.files.some((file, i) => file !== chosen[i])) {
      const transfer = new DataTransfer()
      for (const file of prepared.files) transfer.items.add(file)
      input.files = transfer.files
    }
  }
  return { error, preparing, onChange }
}

/** The photo field's messages: the browser's verdict once a choice is made, else the server's. */
export function photoFieldErrors(choice: { error: string | null | undefined }, server: string[] | null | undefined): string[] | undefined {
  return choice.error === undefined ? (server ?? undefined) : choice.error ? [choice.error] : undefined
}
