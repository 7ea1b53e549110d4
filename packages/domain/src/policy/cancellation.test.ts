import { describe, expect, it } from 'vitest';
import { cancelPolicyInputSchema, cancellationDecisionSchema, cancellationFormSchema } from './cancellation';

describe('cancellationFormSchema', () => {
  it('requires a reason, with the spec message', () => {
    expect(cancellationFormSchema.parse({ comments: ' Moving abroad ' })).toEqual({ comments: 'Moving abroad' });
    expect(cancellationFormSchema.safeParse({ comments: '   ' }).error?.issues[0]?.message).toBe('Reason is required');
    expect(cancellationFormSchema.safeParse({}).error?.issues[0]?.message).toBe('Reason is required');
  });
});

describe('cancelPolicyInputSchema and cancellationDecisionSchema', () => {
  const policyId = '6f1c2b9e-4d0a-4c8e-9b7a-1e2d3c4b5a69';
  it('limits the reason to 1000 characters with a clear message', () => {
    expect(cancelPolicyInputSchema.safeParse({ policyId, reason: 'x'.repeat(1000) }).success).toBe(true);
    expect(cancelPolicyInputSchema.safeParse({ policyId, reason: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe('Reason must be at most 1000 characters');
    expect(cancelPolicyInputSchema.safeParse({ policyId, reason: '' }).error?.issues[0]?.message).toBe('Reason is required');
    expect(cancellationFormSchema.safeParse({ comments: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe('Reason must be at most 1000 characters');
  });
  it('needs a comment to reject, not to approve', () => {
    expect(cancellationDecisionSchema.parse({ decision: 'APPROVE' })).toEqual({ decision: 'APPROVE' });
    expect(cancellationDecisionSchema.safeParse({ decision: 'REJECT', comment: ' ' }).error?.issues[0]?.message).toBe(
      'A comment is required to reject a cancellation request',
    );
    expect(cancellationDecisionSchema.parse({ decision: 'REJECT', comment: ' Paid in full ' })).toEqual({ decision: 'REJECT', comment: 'Paid in full' });
  });
});
