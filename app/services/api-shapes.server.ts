// How domain values look in the /api JSON contract (SPEC.md section 3 field names).
import type { SessionUser } from '~/lib/user'

export function toApiUser(user: SessionUser) {
  return { id: user.id, _id: user.id, userName: user.userName, name: user.userName, email: user.email, role: user.role }
}
