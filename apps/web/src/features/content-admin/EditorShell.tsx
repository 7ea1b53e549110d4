import { CONTENT_MESSAGES } from '@fhp/domain';
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorDialog } from '../../components/ErrorDialog';
import { SuccessDialog } from '../../components/SuccessDialog';
import { displayMessageOf } from '../../lib/graphql/errors';

interface EditorShellProps {
  /** The form; shown while editing. */
  form: ReactNode;
  /** The draft as visitors would see it; shown after Preview, before Save. */
  preview: ReactNode;
  /** Checks the form (its own messages under the fields); true when it may be previewed. */
  check: () => Promise<boolean>;
  save: () => Promise<unknown>;
  saving: boolean;
  /** Throws away the draft (back to what is stored). */
  reset: () => void;
  dirty: boolean;
}

/**
 * Edit, preview, save: an edit reaches visitors only from the preview, so what is saved is what
 * the admin has seen. A refusal (a stale version, a rule the server checks) opens "Uh oh." with
 * the server's sentence; Close returns to the draft.
 */
export function EditorShell({ form, preview, check, save, saving, reset, dirty }: EditorShellProps) {
  const [previewing, setPreviewing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = async () => {
    try {
      await save();
      setPreviewing(false);
      setSaved(true);
    } catch (error) {
      setFailure(displayMessageOf(error));
    }
  };

  return (
    <>
      {previewing ? (
        <section className="content-preview" aria-label="Preview">
          <p className="content-preview-note small mb-2">Preview: this is how visitors will see it once saved.</p>
          <div className="content-preview-frame">{preview}</div>
          <div className="d-flex flex-wrap gap-2 mt-3">
            <Button onClick={() => void submit()} disabled={saving}>
              {saving ? <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" /> : null}
              Save
            </Button>
            <Button variant="outline-secondary" onClick={() => setPreviewing(false)} disabled={saving}>
              Back to editing
            </Button>
          </div>
        </section>
      ) : (
        <>
          {form}
          <div className="d-flex flex-wrap gap-2 mt-3 content-actions">
            <Button onClick={() => void check().then((ok) => setPreviewing(ok))}>Preview</Button>
            <Button variant="outline-secondary" onClick={reset} disabled={!dirty}>
              Discard changes
            </Button>
          </div>
        </>
      )}
      <SuccessDialog show={saved} description={CONTENT_MESSAGES.saved} onClose={() => setSaved(false)} />
      <ErrorDialog show={failure !== null} detail={failure ?? undefined} onRetry={() => { setFailure(null); void submit(); }} onClose={() => setFailure(null)} />
    </>
  );
}
