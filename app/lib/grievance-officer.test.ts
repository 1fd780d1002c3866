// The grievance officer a page shows: the configured one, the shop's contact standing in for what is unset.
import { describe, expect, it } from 'vitest'
import { DEFAULT_GRIEVANCE_OFFICER, grievanceOfficer } from './grievance-officer'

const CONTACT = { CONTACT_EMAIL: 'hello@shop.example', CONTACT_PHONE: '+91 98765 43210' }

describe('grievanceOfficer', () => {
  it('is the configured officer', () => {
    expect(
      grievanceOfficer({
        ...CONTACT,
        GRIEVANCE_OFFICER_NAME: 'Meera Iyer',
        GRIEVANCE_OFFICER_DESIGNATION: 'Partner',
        GRIEVANCE_OFFICER_EMAIL: 'grievance@shop.example',
        GRIEVANCE_OFFICER_PHONE: '+91 90000 22222',
      }),
    ).toEqual({ name: 'Meera Iyer', designation: 'Partner', email: 'grievance@shop.example', phone: '+91 90000 22222' })
  })

  it("falls back to the studio owner at the shop's contact", () => {
    expect(grievanceOfficer(CONTACT)).toEqual({ ...DEFAULT_GRIEVANCE_OFFICER, email: 'hello@shop.example', phone: '+91 98765 43210' })
  })
})
