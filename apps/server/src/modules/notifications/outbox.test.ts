import { describe, expect, it } from 'vitest';
import type { NoticeLogger } from './mailer';
import { createOutbox } from './outbox';
import { createOutboxSmsProvider } from './sms';
import { oneTimeCodeSms } from './templates';

describe('development outbox', () => {
  it('lists newest first and keeps only the newest messages up to its capacity', () => {
    const outbox = createOutbox({ capacity: 3 });
    for (const n of [1, 2, 3, 4, 5]) outbox.add({ channel: 'email', to: `u${n}@example.org`, subject: `s${n}`, text: `t${n}` });
    expect(outbox.list().map((message) => message.to)).toEqual(['u5@example.org', 'u4@example.org', 'u3@example.org']);
    expect(outbox.latestFor('u1@example.org')).toBeUndefined();
  });

  it('finds the latest message for an address regardless of case or phone punctuation', () => {
    const outbox = createOutbox();
    outbox.add({ channel: 'email', to: 'Ann@Example.org', subject: 'first', text: 'one' });
    outbox.add({ channel: 'sms', to: '+1 (473) 555-0100', text: 'sms' });
    outbox.add({ channel: 'email', to: 'ann@example.org', subject: 'second', text: 'two' });
    expect(outbox.latestFor('ANN@EXAMPLE.ORG')?.subject).toBe('second');
    expect(outbox.latestFor('+14735550100')?.text).toBe('sms');
    expect(outbox.latestFor('nobody@example.org')).toBeUndefined();
  });

  it('gives each message an increasing id and a time, and cannot be changed through list()', () => {
    const at = new Date('2025-06-01T00:00:00Z');
    const outbox = createOutbox({ now: () => at });
    const first = outbox.add({ channel: 'sms', to: '+14735550100', text: 'a' });
    const second = outbox.add({ channel: 'sms', to: '+14735550100', text: 'b' });
    expect(second.id).toBeGreaterThan(first.id);
    expect(second.storedAt).toBe(at);
    outbox.list().length = 0;
    expect(outbox.list()).toHaveLength(2);
    expect(() => {
      (outbox.list()[0] as { text: string }).text = 'changed';
    }).toThrow(TypeError);
  });

  it('empties on clear()', () => {
    const outbox = createOutbox();
    outbox.add({ channel: 'sms', to: '+14735550100', text: 'a' });
    outbox.clear();
    expect(outbox.list()).toEqual([]);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => createOutbox({ capacity: 0 })).toThrow(/capacity/);
  });
});

describe('outbox SMS provider', () => {
  it('keeps the text in the outbox and logs neither the number nor the code', async () => {
    const outbox = createOutbox();
    const entries: { details: Record<string, unknown>; message: string }[] = [];
    const logger: NoticeLogger = { info: (details, message) => entries.push({ details, message }) };
    const sms = createOutboxSmsProvider({ outbox, logger });

    await sms.send({ to: '+14735550100', text: oneTimeCodeSms({ code: '048213' }) });

    expect(outbox.latestFor('+1 473 555 0100')).toMatchObject({
      channel: 'sms',
      text: 'Your Flexible Hurricane Protection code is 048213. It expires in 10 minutes.',
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details).toEqual({ channel: 'sms', outboxId: expect.any(Number) });
    expect(JSON.stringify(entries)).not.toMatch(/5550100|048213/);
  });
});
