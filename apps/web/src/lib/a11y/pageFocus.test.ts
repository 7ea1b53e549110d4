import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusNewPage } from './pageFocus';

/** MutationObserver callbacks run as microtasks: one turn of the event loop lets them. */
const settle = () => new Promise((done) => setTimeout(done, 0));

function page(html: string) {
  document.body.innerHTML = `<div id="root"><nav><a href="/a" id="link">A</a></nav><main id="main" tabindex="-1">${html}</main></div>`;
  return document.getElementById('main')!;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('focusNewPage', () => {
  it('focuses the heading of a page that is already drawn, without taking it out of reach of Tab', () => {
    page('<h1>Actual policies</h1>');
    document.getElementById('link')!.focus();
    focusNewPage(document);
    expect(document.activeElement?.textContent).toBe('Actual policies');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a lazy page to draw its heading', async () => {
    const main = page('<div class="loading-screen">Loading...</div>');
    focusNewPage(document);
    expect(document.activeElement).toBe(document.body);
    main.innerHTML = '<h1>Policy</h1>';
    await settle();
    expect(document.activeElement?.tagName).toBe('H1');
  });

  it('waits for a closing dialog (the phone menu) to leave the page', async () => {
    page('<h1>Archived Policies</h1>');
    const menu = document.createElement('div');
    menu.setAttribute('aria-modal', 'true');
    menu.innerHTML = '<a href="/x">Archived</a>';
    document.body.append(menu);
    menu.querySelector('a')!.focus();
    focusNewPage(document);
    expect(document.activeElement?.textContent).toBe('Archived');
    menu.remove();
    await settle();
    expect(document.activeElement?.textContent).toBe('Archived Policies');
  });

  it('leaves focus where the page put it, and stops once the user moves it', async () => {
    const main = page('<input id="field" />');
    (document.getElementById('field') as HTMLInputElement).focus();
    focusNewPage(document);
    main.insertAdjacentHTML('afterbegin', '<h1>Sign in</h1>');
    await settle();
    expect(document.activeElement?.id).toBe('field');

    const later = page('');
    focusNewPage(document);
    document.getElementById('link')!.focus();
    later.innerHTML = '<h1>Late</h1>';
    await settle();
    expect(document.activeElement?.id).toBe('link');
  });

  it('focuses the main region of a page that never draws a heading', () => {
    vi.useFakeTimers();
    page('<p>No heading here</p>');
    focusNewPage(document, 1000);
    expect(document.activeElement).toBe(document.body);
    vi.advanceTimersByTime(1000);
    expect(document.activeElement?.id).toBe('main');
  });
});
