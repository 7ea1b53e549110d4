import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { copyKeyOf } from './answerCopies';
import { forgetShownCopies, noteCopyShown, noteNetworkAnswer, useOfflineAsOf } from './offlineState';

afterEach(() => forgetShownCopies());

describe('offline copies on screen', () => {
  it('says the oldest copy shown, until the network has answered each of them again', () => {
    const { result } = renderHook(() => useOfflineAsOf());
    expect(result.current).toBeNull();
    act(() => noteCopyShown('detail', 2_000));
    act(() => noteCopyShown('payouts', 1_000));
    expect(result.current).toBe(1_000);
    act(() => noteNetworkAnswer('payouts'));
    expect(result.current).toBe(2_000);
    act(() => noteNetworkAnswer('detail'));
    expect(result.current).toBeNull();
  });

  it('lets go of every copy when the page changes', () => {
    const { result } = renderHook(() => useOfflineAsOf());
    act(() => noteCopyShown('list', 5_000));
    act(() => forgetShownCopies());
    expect(result.current).toBeNull();
  });
});

describe('copy keys', () => {
  const detail = 'query MyPolicyDetail($policyNumber: String!) { getMyPolicyDetail(policyNumber: $policyNumber) { policy { policyNumber } } }';

  it('name the operation and its variables', () => {
    expect(copyKeyOf(detail, { policyNumber: 'FHP-GD-2026-000002' })).toMatch(/^MyPolicyDetail:[0-9a-f]+:\{"policyNumber":"FHP-GD-2026-000002"\}$/);
    expect(copyKeyOf(detail, { policyNumber: 'A' })).not.toBe(copyKeyOf(detail, { policyNumber: 'B' }));
  });

  it('change with the text of the document: a new build asking other fields never reads an older copy', () => {
    const wider = detail.replace('policyNumber } }', 'policyNumber status } }');
    expect(copyKeyOf(wider, { policyNumber: 'A' })).not.toBe(copyKeyOf(detail, { policyNumber: 'A' }));
  });
});
