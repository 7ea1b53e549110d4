import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../features/my-account/api';
import { KycTimeline } from '../features/my-account/components/KycTimeline';
import { TxnTimeline } from '../components/TxnTimeline';

afterEach(cleanup);

const WHEN = Date.UTC(2027, 5, 15, 14, 30);
const SAME_END = 'June 15, 2027 at 10:30 AM AST';

/** Every timeline writes its dates the one way (issue 20 item 5): the domain's long date and time, ending " AST". */
describe('the timelines write dates the same way', () => {
  it('the policy and payout-details timeline', () => {
    render(<TxnTimeline entries={[{ id: '1', action: 'Policy issued', when: WHEN, where: 'Portal', by: 'Ann Lee' }]} />);
    expect(screen.getByText(`${SAME_END} · Portal · Ann Lee`)).toBeTruthy();
  });

  it('the KYC timeline', () => {
    render(<KycTimeline entries={[{ id: '1', action: 'KYC submitted', when: WHEN } as unknown as TimelineEntry]} loading={false} failed={false} />);
    expect(screen.getByText(SAME_END).tagName.toLowerCase()).toBe('time');
  });
});
