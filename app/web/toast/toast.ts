/** A message flashed by the server and shown once (a status region without JS, a toast with it). */
export interface Toast {
  id: string
  type: 'success' | 'error'
  message: string
}
