import { expect, it } from 'vitest';
import { describeApp } from './harness';

const TOKEN = 'metrics-token-0123456789abcdef';

/** Every line the app logs, as pino writes it (LOG_LEVEL info below, so refusals show). */
const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };

/** Documents a client may get wrong: unknown field, syntax, bad variable, no query at all. */
const BAD = [
  { query: '{ nope }' },
  { query: '{ nope ' },
  { query: 'query Q($n: Int!) { __typename }', variables: { n: 'not a number' } },
  { query: '' },
];

describeApp(
  'a client’s bad query is a 400, never counted or logged as a server error',
  (suite) => {
    it('over HTTP: every bad query answers 400; /metrics counts them under 400, none under 500; no error-level log line', async () => {
      lines.length = 0;
      // Over a real socket, not inject: the second reply only broke what the socket had already sent.
      const base = await suite.app.listen({ port: 0, host: '127.0.0.1' });
      const statuses: number[] = [];
      for (const body of BAD) {
        const post = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        statuses.push(post.status);
        const json = (await post.json()) as { errors?: { extensions?: { code?: string } }[] };
        expect(json.errors?.[0]?.extensions?.code).toBeDefined();
      }
      const get = await fetch(`${base}/graphql?query=${encodeURIComponent('{ nope }')}`);
      statuses.push(get.status);
      expect(statuses).toEqual([400, 400, 400, 400, 400]);

      const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      const counted = (method: string, status: string) =>
        Number(metrics.split('\n').find((l) => l.startsWith(`fhp_http_requests_total{method="${method}",route="/graphql",status="${status}"} `))?.split(' ')[1] ?? 0);
      expect(counted('POST', '400')).toBe(BAD.length);
      expect(counted('GET', '400')).toBe(1);
      expect(counted('POST', '500') + counted('GET', '500')).toBe(0);

      const parsed = lines.map((line) => JSON.parse(line) as { level: number; msg?: string; reqId?: string });
      expect(parsed.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([]);
      expect(parsed.filter((l) => /already sent/i.test(l.msg ?? '')).map((l) => l.msg)).toEqual([]);
      // Each refusal is one line of its own at info (30), none louder than warn.
      const refusals = parsed.filter((l) => l.msg === 'graphql request refused');
      expect(refusals).toHaveLength(BAD.length + 1);
      expect(new Set(refusals.map((l) => l.reqId)).size).toBe(BAD.length + 1);
      expect(refusals.every((l) => l.level <= 40)).toBe(true);
    });
  },
  { seed: false, logStream, env: { LOG_LEVEL: 'info', METRICS_TOKEN: TOKEN } },
);
