import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installDialogFocus, RETURN_CHECK_MS } from './dialogFocus';

const settle = (ms = 0) => new Promise((done) => setTimeout(done, ms));
let stop: () => void = () => undefined;

/** A dialog as React-Bootstrap portals it: at the end of <body>, `show` once faded in. */
function openDialog(html: string): HTMLElement {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.className = 'modal fade show';
  dialog.innerHTML = html;
  document.body.append(dialog);
  return dialog;
}

const tab = (shiftKey = false) => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true }));

beforeEach(() => {
  document.body.innerHTML = '<div id="root"><input id="field" /><button id="opener">Open</button></div>';
  stop = installDialogFocus(document);
});
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('installDialogFocus', () => {
  it('makes the app behind an open dialog inert, and a dialog under another one, until they close', async () => {
    const first = openDialog('<button>One</button>');
    await settle();
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(true);
    const second = openDialog('<button>Two</button>');
    await settle();
    expect(first.hasAttribute('inert')).toBe(true);
    expect(second.hasAttribute('inert')).toBe(false);
    second.remove();
    await settle();
    expect(first.hasAttribute('inert')).toBe(false);
    first.classList.remove('show'); // fading out
    await settle();
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(false);
  });

  it('takes Tab from the last control back to the first, and Shift+Tab from the first to the last', async () => {
    const dialog = openDialog('<button id="close">Close</button><input id="reason" /><button id="send">Send</button>');
    await settle();
    dialog.querySelector<HTMLElement>('#send')!.focus();
    expect(tab()).toBe(false); // handled: the browser does not move focus itself
    expect(document.activeElement?.id).toBe('close');
    tab(true);
    expect(document.activeElement?.id).toBe('send');
    // In the middle, Tab is the browser's.
    dialog.querySelector<HTMLElement>('#reason')!.focus();
    expect(tab()).toBe(true);
  });

  it('gives focus back to what had it before the dialog opened when it fell on the body', async () => {
    document.getElementById('field')!.focus();
    const dialog = openDialog('<button>Close</button>');
    await settle();
    dialog.querySelector('button')!.focus();
    dialog.classList.remove('show');
    dialog.remove(); // focus falls on the body, as when the opener was disabled meanwhile
    await settle(RETURN_CHECK_MS + 20);
    expect(document.activeElement?.id).toBe('field');
  });

  it('leaves focus alone when the dialog gave it back itself', async () => {
    document.getElementById('field')!.focus();
    const dialog = openDialog('<button>Close</button>');
    await settle();
    dialog.remove();
    document.getElementById('opener')!.focus();
    await settle(RETURN_CHECK_MS + 20);
    expect(document.activeElement?.id).toBe('opener');
  });
});
