import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { WindowClosed } from './WindowClosed';

afterEach(cleanup);

describe('the closed purchase window', () => {
  it("keeps the spec's texts and links back to the product page and to its FAQ", () => {
    render(
      <MemoryRouter>
        <WindowClosed year={2026} nextSeasonYear={2027} productPath="/product/fhp" />
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: 'Policy Purchase Window Closed' });
    expect(within(region).getByRole('heading', { level: 1, name: 'Policy Purchase Window Closed' })).toBeTruthy();
    expect(within(region).getByText('Policies for the 2026 season can no longer be bought. Please check back for 2027.')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Back to the product page' }).getAttribute('href')).toBe('/product/fhp');
    expect(within(region).getByRole('link', { name: 'Read the FAQs' }).getAttribute('href')).toBe('/product/fhp/faq');
  });
});
