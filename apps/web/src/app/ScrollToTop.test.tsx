import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_TOP_MS, ScrollToTop } from './ScrollToTop';

/*
 * jsdom does no layout: the page's position is a variable that scrollTo sets and that a "late
 * scroll" (or the visitor) sets behind the component's back, announced by a scroll event; frames
 * are run by hand.
 */
let y = 0;
let frames: FrameRequestCallback[] = [];
const runFrame = () => {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
};
const scrollTo = (position: number) => {
  y = position;
  fireEvent.scroll(window);
};

beforeEach(() => {
  y = 0;
  frames = [];
  vi.useFakeTimers({ toFake: ['performance'] });
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  // jsdom has no scroll restoration; browsers start with 'auto'.
  Object.defineProperty(window.history, 'scrollRestoration', { configurable: true, writable: true, value: 'auto' });
  window.scrollTo = vi.fn(() => {
    y = 0;
  }) as unknown as typeof window.scrollTo;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {
    frames = [];
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function app() {
  const router = createMemoryRouter([{ path: '*', element: <ScrollToTop /> }], { initialEntries: ['/terms'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('ScrollToTop', () => {
  it('jumps to the top on every path change, without animating, and stops the browser restoring positions', async () => {
    const router = app();
    expect(window.history.scrollRestoration).toBe('manual');
    scrollTo(941);
    await act(() => router.navigate('/privacy'));
    expect(y).toBe(0);
    expect(window.scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    expect(document.documentElement.style.scrollBehavior).toBe('');
    scrollTo(300);
    await act(() => router.navigate('/terms'));
    expect(y).toBe(0);
  });

  it("takes the page back to the top when it returns to the previous page's position after the jump", async () => {
    const router = app();
    scrollTo(941);
    await act(() => router.navigate('/privacy'));
    y = 941; // a smooth scroll or a restoration landing late
    runFrame();
    expect(y).toBe(0);
    vi.advanceTimersByTime(HOLD_TOP_MS + 1);
    runFrame();
    y = 941; // much later it is the visitor's own doing
    runFrame();
    expect(y).toBe(941);
  });

  it('leaves any other position alone: a field that scrolls itself into view, or the visitor', async () => {
    const router = app();
    scrollTo(941);
    await act(() => router.navigate('/sign-in'));
    y = 120; // a focused field brought into view
    runFrame();
    expect(y).toBe(120);
    scrollTo(500);
    await act(() => router.navigate('/privacy'));
    fireEvent.wheel(window);
    y = 500; // the visitor scrolled back down on the new page: theirs to do
    runFrame();
    expect(y).toBe(500);
  });

  it('does nothing more on the first page of a visit', () => {
    app();
    expect(frames).toHaveLength(0);
  });
});
