// Any unknown /api path: a JSON 404, never the HTML not-found page.
import { apiJson } from '~/api/handle-api.server'

const notFound = () => apiJson({ success: false, message: 'Not found.' }, 404)

export const loader = notFound
export const action = notFound
