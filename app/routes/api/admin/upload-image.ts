export const loader = () => new Response(null, { status: 501 }) // placeholder: being written
