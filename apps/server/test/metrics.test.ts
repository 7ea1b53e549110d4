import { expect, it } from 'vitest';
import { describeApp } from './harness';

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
  { seed: false, env: { METRICS_TOKEN: TOKEN } },
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
