import { z } from 'zod'

/** An /api body: a JSON object (or a form's fields) with these keys; anything else is a 400 saying so. */
export const apiBodySchema = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object(shape, { error: 'The request body must be a JSON object.' })
