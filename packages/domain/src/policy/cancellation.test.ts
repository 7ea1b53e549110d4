import { describe, expect, it } from 'vitest';
import { cancellationFormSchema } from './cancellation';

describe('cancellationFormSchema', () => {
  it('requires a reason, with the spec message', () => {
    expect(cancellationFormSchema.parse({ comments: ' Moving abroad ' })).toEqual({ comments: 'Moving abroad' });
    expect(cancellationFormSchema.safeParse({ comments: '   ' }).error?.issues[0]?.message).toBe('Reason is required');
    expect(cancellationFormSchema.safeParse({}).error?.issues[0]?.message).toBe('Reason is required');
  });
});
