import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FaqList } from './FaqList';

afterEach(cleanup);

const section = (title: string, count: number) => ({
  title,
  dashboard: 'END_USER' as const,
  queAns: Array.from({ length: count }, (_, i) => ({ title: `${title} question ${i + 1}`, content: `answer ${i + 1}` })),
});

describe('FaqList', () => {
  it('shows the empty state when there are no questions', () => {
    render(<FaqList sections={[section('General', 0)]} />);
    expect(screen.getByRole('heading', { name: 'No FAQs found' })).toBeTruthy();
  });

  it('renders one accordion row per question, headed by the question', () => {
    render(<FaqList sections={[section('General', 3)]} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'General question 1',
      'General question 2',
      'General question 3',
    ]);
    // A single section needs no heading of its own: the questions are the h2s.
    expect(screen.queryByRole('heading', { level: 2, name: 'General' })).toBeNull();
  });

  it('heads each section when there are several', () => {
    render(<FaqList sections={[section('Buying', 1), section('Payouts', 1)]} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Buying' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Payouts' })).toBeTruthy();
  });
});
