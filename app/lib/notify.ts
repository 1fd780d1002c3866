// Client-side toasts: one at a time, closing after 5 s (SPEC.md section 4, "Toasts").
import toast from 'react-hot-toast'
import type { Toast } from './toast'

export const TOAST_ID = 'shop-toast'
export const TOAST_DURATION_MS = 5000

export function notify(type: Toast['type'], message: string): void {
  const options = { id: TOAST_ID, duration: TOAST_DURATION_MS }
  if (type === 'error') toast.error(message, options)
  else toast.success(message, options)
}
