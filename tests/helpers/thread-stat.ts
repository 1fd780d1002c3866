import { readFileSync } from 'node:fs'

/**
 * A thread's fields in Linux's /proc/<pid>/task/<tid>/stat, from its state on (the name before them,
 * in parentheses, may hold spaces): index 11 is utime, 12 stime (clock ticks of 10 ms), 16 nice.
 */
export function threadStatFields(pid: number | 'self', tid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}
