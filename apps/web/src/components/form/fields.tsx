import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

/* Form rows for the customer forms (purchase, profile, documents): a label with the mandatory asterisk, the control, and the error text tied to it. */

export function RequiredMark() {
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

/** Said once at the top of each purchase form (spec part 1 section 5). */
export function MandatoryNote() {
  return (
    <p className="small text-body-secondary mb-3">
      Fields marked with an asterisk (<span className="text-danger">*</span>) are mandatory.
    </p>
  );
}

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
}

/**
 * The message of a field's error. A file field's rule runs per file, so its error can sit one level
 * down (`idProof.0`) where `error.message` is empty; the first nested message is the one to show.
 */
export function errorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message.length > 0) return message;
  for (const nested of Object.values(error)) {
    const found = nested !== error ? errorMessage(nested) : undefined;
    if (found) return found;
  }
  return undefined;
}

function errorId(id: string) {
  return `${id}-error`;
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return [hint ? `${id}-hint` : null, error ? errorId(id) : null].filter(Boolean).join(' ') || undefined;
}

/**
 * A mandatory field: label with the asterisk, the control (`children`, given `requiredControlProps`),
 * hint and error tied to it, then anything `after` (an upload's progress).
 */
function RequiredField({ id, label, error, hint, children, after }: Pick<FieldProps, 'id' | 'label' | 'error' | 'hint'> & { children: ReactNode; after?: ReactNode }) {
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>
        {label}
        <RequiredMark />
      </Form.Label>
      {children}
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
      {error && (
        <div id={errorId(id)} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {after}
    </Form.Group>
  );
}

/** What every mandatory control says to assistive technology, and the form's registration. */
function requiredControlProps({ id, error, hint, registration }: FieldProps) {
  return {
    'aria-required': true,
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
    ...registration,
  } as const;
}

interface TextFieldProps extends FieldProps {
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
}

export function TextField({ type = 'text', autoComplete, inputMode, ...field }: TextFieldProps) {
  return (
    <RequiredField {...field}>
      <Form.Control type={type} autoComplete={autoComplete} inputMode={inputMode} {...requiredControlProps(field)} />
    </RequiredField>
  );
}

interface SelectFieldProps extends FieldProps {
  options: readonly { value: string; label: string }[];
  placeholder: string;
  /** For a select the form reads itself, not through react-hook-form (which sets its own). */
  defaultValue?: string;
}

export function SelectField({ options, placeholder, defaultValue, ...field }: SelectFieldProps) {
  return (
    <RequiredField {...field}>
      <Form.Select defaultValue={defaultValue} {...requiredControlProps(field)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </RequiredField>
  );
}

interface FileFieldProps extends FieldProps {
  accept: string;
  /** 0..1 while uploading; null otherwise. */
  progress: number | null;
}

export function FileField({ accept, progress, ...field }: FileFieldProps) {
  const percent = progress === null ? null : Math.round(progress * 100);
  const progressBar = percent !== null && (
    <div className="progress mt-2" role="progressbar" aria-label={`Uploading ${typeof field.label === 'string' ? field.label : 'file'}`} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
      <div className="progress-bar bg-secondary" style={{ width: `${percent}%` }} />
    </div>
  );
  return (
    <RequiredField {...field} after={progressBar}>
      <Form.Control type="file" accept={accept} {...requiredControlProps(field)} />
    </RequiredField>
  );
}
