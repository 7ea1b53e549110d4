import { SadIcon } from '../components/MoodIcons';
import { DEFAULT_ERROR_DESCRIPTION, ERROR_DIALOG_TITLE, KEEP_CALM } from '../components/errorTexts';

/**
 * What the visitor sees when the shell cannot start (page content failed or is missing) or a
 * route fails to load. It depends on nothing the server sends, so it always renders. It is no
 * landmark of its own: inside a layout it sits in that layout's `<main>`; above the layouts the
 * caller wraps it in `StandaloneMain`, so a page never has two main landmarks.
 */
export function RenderError({ detail }: { detail?: string }) {
  return (
    <div className="container d-flex flex-column align-items-center justify-content-center text-center py-5 flex-grow-1">
      <div role="alert" className="d-flex flex-column align-items-center">
        <SadIcon />
        <h1 className="h2 mt-3">{ERROR_DIALOG_TITLE}</h1>
        <p className="lead mb-1">{detail ?? DEFAULT_ERROR_DESCRIPTION}</p>
        <p className="text-body-secondary">{KEEP_CALM}</p>
      </div>
      <button type="button" className="btn btn-primary btn-lg" onClick={() => window.location.reload()}>
        Retry
      </button>
    </div>
  );
}
