/**
 * Times one request at a time on one keep-alive connection with node's own http client. The benches run the
 * server in the same process, so a heavier client (fetch/undici) would add its own work to every latency.
 */
import { Agent, request } from 'node:http';

export interface TimedRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** Sends `call` on `agent`'s connections and resolves with the answer's status (and redirect) once its body has arrived. */
export function send(agent: Agent, base: URL, headers: Record<string, string>, call: TimedRequest): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: base.hostname, port: base.port, method: call.method, path: call.path, agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
    });
    outgoing.on('error', reject);
    outgoing.end(call.body);
  });
}

/** Sorted milliseconds of `count` requests, the `next(i)`-th after a warm-up of a tenth as many. */
export async function sequentialLatencies(
  baseUrl: string,
  headers: Record<string, string>,
  count: number,
  next: (i: number) => TimedRequest,
): Promise<Float64Array> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const base = new URL(baseUrl);
  const times = new Float64Array(count);
  try {
    for (let i = -Math.ceil(count / 10); i < count; i++) {
      const call = next(Math.abs(i));
      const started = process.hrtime.bigint();
      const { status } = await send(agent, base, headers, call);
      if (status !== 200) throw new Error(`${call.method} ${call.path} answered ${status}`);
      if (i >= 0) times[i] = Number(process.hrtime.bigint() - started) / 1e6;
    }
  } finally {
    agent.destroy();
  }
  return times.sort();
}
