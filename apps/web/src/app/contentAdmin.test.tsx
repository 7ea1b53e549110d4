import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './queryClient';
import { stubGraphQL } from './testing';
import { FaqEditor } from '../features/content-admin/FaqEditor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const section = {
  id: 3,
  dashboard: 'END_USER',
  title: 'How the cover works',
  queAns: [
    { title: 'What is it?', content: 'A parametric policy.' },
    { title: 'Who pays?', content: 'We do.' },
  ],
  version: 'v1',
};

function renderEditor() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FaqEditor section={section} />
    </QueryClientProvider>,
  );
}

describe('FAQ editor', () => {
  it('saves only from the preview, with the entries in their new order and the version it loaded', async () => {
    const sent: unknown[] = [];
    const { calls } = stubGraphQL((operation) => (operation === 'SaveFaqSection' ? { data: { saveFaqSection: { id: 3, version: 'v2' } } } : { data: null }));
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } };
    renderEditor();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    fireEvent.change(screen.getAllByRole('textbox', { name: 'Question' })[1]!, { target: { value: 'Who pays the payout?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview.textContent).toContain('Who pays the payout?');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. Visitors see it within a few seconds.');
    expect(calls).toContain('SaveFaqSection');
    for (const [, init] of fetchMock.mock.calls) sent.push(JSON.parse(String(init.body)).variables);
    expect(sent).toContainEqual({
      input: {
        id: 3,
        title: 'How the cover works',
        queAns: [
          { title: 'Who pays the payout?', content: 'We do.' },
          { title: 'What is it?', content: 'A parametric policy.' },
        ],
        version: 'v1',
      },
    });
  });

  it('refuses an empty answer under its field and shows no preview', async () => {
    stubGraphQL(() => ({ data: null }));
    renderEditor();
    fireEvent.change(screen.getAllByRole('textbox', { name: 'Answer' })[0]!, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByText('Answer is required')).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });
});
