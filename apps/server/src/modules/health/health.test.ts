import { expect, it } from 'vitest';
import { describeApp } from '../../../test/harness';

describeApp('GET /healthz', (suite) => {
  it('answers ok after querying the database, with a request id', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('echoes a well-formed request id from a proxy', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-42' } });
    expect(response.headers['x-request-id']).toBe('lb-42');
  });
});
