// Shiprocket's moments as its webhook sends them: India time, "2026-11-28 10:15:00" in scans and
// "28 11 2026 10:15:00" as current_timestamp. Tests write them from the real clock, so a parcel's
// scans always come after its booking (a fixed date passes only until that day).

export function indiaTime(ms: number): string {
  return new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ')
}

export function indiaTimestamp(ms: number): string {
  const [day, time] = indiaTime(ms).split(' ')
  const [y, m, d] = (day ?? '').split('-')
  return `${d} ${m} ${y} ${time}`
}
