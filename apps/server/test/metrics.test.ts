import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { describeApp } from './harness';
import { gqlAs, tokenFor } from './identity-helpers';

const TOKEN = 'metrics-token-0123456789abcdef';

describeApp(
  'metrics with METRICS_TOKEN',
  (suite) => {
    it('answers only with the bearer token, in Prometheus text format, with route, operation, refusal and database figures', async () => {
      const { app } = suite;
      await app.inject({ method: 'POST', url: '/graphql', payload: { query: 'query Faq { __typename }', operationName: 'Faq' } });
      await app.inject({ method: 'POST', url: '/api/v1/files' }); // anonymous: refused
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789abcd' } })).statusCode).toBe(401);
      const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      const text = response.body;
      expect(text).toMatch(/fhp_http_requests_total\{method="POST",route="\/graphql",status="200"\} 1/);
      expect(text).toMatch(/fhp_http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/graphql"\}/);
      expect(text).toMatch(/fhp_graphql_operation_duration_seconds_count\{operation="Faq",status="200"\} 1/);
      expect(text).toMatch(/fhp_upload_refusals_total\{status="401"\} 1/);
      expect(text).toMatch(/fhp_policies_estimate -?\d+/);
      expect(text).toMatch(/fhp_outbound_messages_waiting 0/);
      expect(text).toMatch(/# TYPE fhp_job_runs_total counter/);
      if (suite.kind === 'postgres') expect(text).toMatch(/fhp_db_pool_connections\{state="total"\} \d+/);
    });
  },
  { seed: false, env: { METRICS_TOKEN: TOKEN }, engines: 'both' },
);

/** One sample of a scrape: its value, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeApp(
  'metrics of jobs, limits and the database',
  (suite) => {
    const scrape = async () => (await suite.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

    it('counts a failed job run (and its retry that ran), by job', async () => {
      const { app } = suite;
      // The deadline job reads policies: with the table out of the way for a moment, its run fails.
      await app.db.execute(sql`alter table policies rename to policies_away`);
      try {
        await expect(app.jobs.run('payment-deadline', 'metrics-tick')).rejects.toThrow();
      } finally {
        await app.db.execute(sql`alter table policies_away rename to policies`);
      }
      expect(await app.jobs.run('payment-deadline', 'metrics-tick')).toMatchObject({ ran: true });
      const text = await scrape();
      expect(sample(text, 'fhp_job_failures_total{job="payment-deadline"}')).toBe(1);
      expect(sample(text, 'fhp_job_runs_total{job="payment-deadline",outcome="failed"}')).toBe(1);
      expect(sample(text, 'fhp_job_runs_total{job="payment-deadline",outcome="ran"}')).toBeGreaterThanOrEqual(1);
    });

    it('counts GraphQL limit refusals (answered RATE_LIMITED, not 429), by limit', async () => {
      const { app } = suite;
      await app.db.update(users).set({ phone: '+1 473 555 0142', phoneVerified: false }).where(eq(users.email, 'purchaser.b@fhp.example'));
      const token = await tokenFor(app, 'purchaser.b@fhp.example');
      const codes = [];
      // The email's own limit: three codes in ten minutes.
      for (let i = 0; i < 4; i += 1) codes.push(await gqlAs(app, token, 'mutation { sendMobileVerificationCode { message } }'));
      expect(codes[3]!.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      const text = await scrape();
      expect(sample(text, 'fhp_client_limit_refusals_total{surface="graphql",kind="send",scope="email"}')).toBe(1);
      // No 429 on /graphql: the refusal is a GraphQL answer.
      expect(sample(text, 'fhp_rate_limit_refusals_total{route="/graphql"}')).toBeUndefined();
    });

    it('answers a scrape without counting rows: the policies are the planner’s estimate', async () => {
      const text = await scrape();
      expect(text).not.toMatch(/^fhp_policies_total/m);
      expect(sample(text, 'fhp_policies_estimate')).toEqual(expect.any(Number));
      expect(sample(text, 'fhp_outbound_messages_waiting')).toBe(0);
    });
  },
  { env: { METRICS_TOKEN: TOKEN } },
);

describeApp(
  'metrics without METRICS_TOKEN',
  (suite) => {
    it('does not exist', async () => {
      const response = await suite.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).not.toBe(200);
      expect(response.body).not.toMatch(/fhp_http_requests_total/);
    });
  },
  { seed: false },
);
