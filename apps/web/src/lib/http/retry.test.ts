import { describe, expect, it } from 'vitest';
import { isRetryableStatus, retryDelayMs } from './retry';

describe('busy retries', () => {
  it('retries 503 and network failures, never a refusal', () => {
    expect(isRetryableStatus(503)).toBe(true);
    expect(isRetryableStatus(0)).toBe(true);
    for (const status of [400, 401, 413, 415, 429, 500]) expect(isRetryableStatus(status)).toBe(false);
  });

  it('waits at least what Retry-After says, backs off otherwise, and caps the wait', () => {
    const noJitter = () => 0;
    expect(retryDelayMs(1, '5', noJitter)).toBe(5000);
    expect(retryDelayMs(1, null, noJitter)).toBe(2000);
    expect(retryDelayMs(3, null, noJitter)).toBe(8000);
    expect(retryDelayMs(3, 'soon', noJitter)).toBe(8000);
    expect(retryDelayMs(10, '3600', noJitter)).toBe(30_000);
    expect(retryDelayMs(1, null, () => 1)).toBe(2500);
  });
});
