// Plain-text tables for a bench result (the same figures as the JSON).
const kB = (n) => (n == null ? '-' : (n / 1000).toFixed(1))

export function table(headers, rows) {
  const cells = [headers, ...rows.map((r) => r.map((c) => (c == null ? '-' : String(c))))]
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)))
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n')
}

export function printResult(r) {
  const out = []
  out.push(`Bench ${r.date} — ${r.machine.cpus} cores (${r.machine.cpuModel}), ${r.machine.memoryGb} GB, Node ${r.machine.node.slice(1)}`)
  if (r.pages) {
    out.push('\nPage bytes (kB; 390 px phone at 2x, first view, empty cache; JS/CSS gzip)')
    out.push(
      table(
        ['page', 'HTML raw', 'gzip', 'br', 'JS gz', 'CSS gz', 'images', 'total', 'reqs', '14KB: hdr+row1'],
        r.pages.map((p) => [
          p.name, kB(p.htmlRaw), kB(p.htmlGzip), kB(p.htmlBrotli), kB(p.jsGzip), kB(p.cssGzip), kB(p.imageBytes), kB(p.totalFirstView), p.requests,
          p.firstFlightHolds == null ? 'n/a' : `${p.firstFlightHolds ? 'yes' : 'NO'} (${kB(p.firstFlightGzip)})`,
        ]),
      ),
    )
  }
  if (r.throttled) {
    const t = r.throttling
    out.push(`\nThrottled (${t.latencyMs} ms RTT, ${t.downKbps} kbit/s down, ${t.cpuSlowdown}x CPU; median of ${r.options.runs}; ms)`)
    out.push(
      table(
        ['page', 'JS', 'first title', 'FCP', 'LCP', 'LCP element', 'TBT'],
        r.throttled.map((x) => [x.name, x.js ? 'on' : 'off', x.firstTitleMs, x.fcpMs, x.lcpMs, x.lcpElement, x.tbtMs]),
      ),
    )
  }
  if (r.lighthouse) {
    out.push(`\nLighthouse 12 mobile (median of ${r.lighthouse[0]?.runs ?? 1} runs per page; every run's performance and TBT)`)
    out.push(
      table(
        ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'perf runs', 'TBT runs', 'audits below 0.9'],
        r.lighthouse.map((x) => [
          x.name,
          x.performance,
          x.accessibility,
          x.bestPractices,
          x.seo,
          x.lcpMs,
          x.tbtMs,
          x.cls,
          (x.performanceRuns ?? [x.performance]).join(' '),
          (x.tbtRuns ?? [x.tbtMs]).join(' '),
          (x.runtimeError ? `ERROR ${x.runtimeError} ` : '') + (x.failing.join(' ') || 'none'),
        ]),
      ),
    )
    for (const x of r.lighthouse) for (const error of x.runErrors ?? []) out.push(`  ${x.name}: a run failed: ${error}`)
  }
  if (r.load) {
    out.push('\nLoad on loopback (autocannon; ceiling = plain node:http with the same bytes)')
    out.push(
      table(
        ['target', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ceiling req/s', 'ceil p99', 'ratio'],
        r.load.map((x) => [x.name, x.connections, x.rps, x.p50Ms, x.p99Ms, x.errors, x.ceilingRps, x.ceilingP99Ms, x.ceilingRatio]),
      ),
    )
  }
  if (r.ratio) {
    out.push("\nPhone throughput, anonymous and signed in (Accept-Encoding: br, gzip, deflate; ceiling = plain node:http with the same bytes)")
    out.push(
      table(
        ['target', 'encoding', 'bytes', 'req/s', 'p99 ms', 'errors', 'ceiling req/s', 'ratio'],
        r.ratio.map((x) => [x.name, x.encoding, x.bytes, x.rps, x.p99Ms, x.errors, x.ceilingRps, x.ratio]),
      ),
    )
  }
  if (r.mixedLoad) {
    const m = r.mixedLoad
    out.push(`\nMixed sale-day load: ${m.concurrency} shoppers, ${m.seconds} s, admin stock change every 2 s (${m.stockChanges} made); ${m.errors} errors${m.peakRssMb != null ? `; server RSS peak ${m.peakRssMb} MB` : ''}`)
    out.push(
      table(
        ['requests', 'count', 'p50 ms', 'p99 ms'],
        ['browse', 'api', 'cart'].map((k) => [k, m[k].requests, m[k].p50Ms, m[k].p99Ms]),
      ),
    )
  }
  if (r.saleDay) {
    const m = r.saleDay
    out.push(
      `\nSale day (issue 29): ${m.concurrency} shoppers, ${m.seconds} s, half the browsing signed in, 10% checkouts paid (${m.paidOrders} paid); ${m.errors} errors${m.failures?.length ? ` (${m.failures.join(', ')})` : ''}; server RSS peak ${m.peakRssMb} MB${m.serverCpuMsPerRequest ? `; server CPU ${m.serverCpuMsPerRequest} ms a request` : ''}`,
    )
    out.push(
      table(
        ['requests', 'count', 'p50 ms', 'p99 ms'],
        ['browse', 'browseSignedIn', 'browseVisitor', 'api', 'cart', 'checkout'].map((k) => [k, m[k].requests, m[k].p50Ms, m[k].p99Ms]),
      ),
    )
  }
  if (r.scale) {
    out.push('\nQuery time by catalogue size (API over loopback, median / max ms)')
    const f = (q) => `${q.medianMs} / ${q.maxMs}`
    out.push(
      table(
        ['products', 'seed ms', 'listing newest', 'listing filtered+sorted', 'search', 'search no match'],
        r.scale.map((x) => [x.products, x.seedMs, f(x.listingNewest), f(x.listingFiltered), f(x.search), f(x.searchNoMatch)]),
      ),
    )
  }
  if (r.cluster) out.push(clusterTable(r.cluster, r.machine))
  if (r.memory) {
    const m = r.memory
    out.push('\nMemory and start')
    out.push(
      table(
        ['RSS first start (seeds demo) MB', 'RSS idle after restart MB', 'peak load MB', 'peak 12 MP upload MB', 'upload ms', 'first start ms', 'cold start ms'],
        [[m.firstStartRssMb, m.idleRssMb, m.peakLoadRssMb, m.peakUploadRssMb, m.uploadMs, m.firstStartMs, m.coldStartMs]],
      ),
    )
  }
  console.log(out.join('\n'))
}

/** The scaling curve: req/s (p99 ms) per setup, one row per target, encoding and connection count. */
export function clusterTable(c, machine) {
  const setups = [...new Set(c.rows.map((x) => x.setup))]
  const keys = [...new Set(c.rows.map((x) => `${x.target}|${x.encoding}|${x.connections}`))]
  const cell = (setup, key) => {
    const x = c.rows.find((y) => y.setup === setup && `${y.target}|${y.encoding}|${y.connections}` === key)
    if (x && x.rps === 0 && !x.errors) return '0 (none done)'
    return x ? `${x.rps} (${x.p99Ms})${x.errors ? ` ${x.errors} ERR` : ''}` : '-'
  }
  return [
    `\nScaling curve (autocannon on the same ${machine.cpus}-core machine, ${c.seconds} s each; req/s (p99 ms); demo + ${c.products} products)`,
    table(
      ['target', 'Accept-Encoding', 'conns', ...setups],
      keys.map((key) => [...key.split('|'), ...setups.map((setup) => cell(setup, key))]),
    ),
    c.loadAverage ? `Load average (1 min) before / after: ${setups.map((s) => `${s} ${c.loadAverage[s]?.join(' / ') ?? '-'}`).join(', ')}` : '',
  ].join('\n')
}

export function printBudgets(checks) {
  if (!checks.length) return
  console.log('\nBudgets')
  console.log(table(['budget', 'actual', 'limit', ''], checks.map((c) => [c.name, c.actual, c.limit, c.pass ? 'pass' : 'FAIL'])))
}
