// The part of autocannon 8's API the load test uses (the package ships no types).
declare module 'autocannon' {
  export interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  export interface Request extends RequestParams {
    /** Called before each send; returns the request to send (the context lives for one round of `requests`). */
    setupRequest?: (req: RequestParams, context: Record<string, unknown>) => RequestParams
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
  }

  export interface Options {
    url: string
    connections?: number
    duration?: number
    timeout?: number
    requests?: Request[]
  }

  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
    total: number
  }

  export interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    resets: number
    mismatches: number
  }

  export default function autocannon(options: Options): Promise<Result>
}
