/** A message flashed by the server and shown once (a status region without JS, a toast with it). */
export interface Toast {
  id: string
  type: 'success' | 'error'
  message: string
  /** Where the shopper may want to go next ('Added to cart': View cart, Check out), as links under the message. */
  links?: ToastLink[]
}

export interface ToastLink {
  to: string
  label: string
}
