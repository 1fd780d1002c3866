import { readFileSync } from 'node:fs'

/**
 * A process's fields in Linux's /proc/<pid>/stat, or one thread's in /proc/<pid>/task/<tid>/stat,
 * from its state on (the name before them, in parentheses, may hold spaces): index 1 is the parent's
 * pid, 11 utime, 12 stime (clock ticks of 10 ms), 16 nice.
 */
export function statFields(pid: number | 'self', tid?: number | string): string[] {
  const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}
