import { z } from 'zod'

/** The `userId` an /api body names (checked against the caller by requireOwnBody). */
export const apiUserIdSchema = z.string({ error: 'Missing user.' }).trim().min(1, { error: 'Missing user.' }).max(64)
