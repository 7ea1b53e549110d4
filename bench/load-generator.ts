/** The load generator: what `bench/run.ts` asks of it, what it answers, and the run itself (autocannon). */
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface LoadResult {
  rps: number;
  p99: number;
  failures: number;
}

/** Warm-up, then the measured run. */
export async function runLoad({ url, method, headers, body, connections, durationS, warmupS }: LoadRequest): Promise<LoadResult> {
  const options = { url, connections, ...(method ? { method } : {}), ...(headers ? { headers } : {}), ...(body ? { body } : {}) };
  await autocannon({ ...options, duration: warmupS });
  const result = await autocannon({ ...options, duration: durationS });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
