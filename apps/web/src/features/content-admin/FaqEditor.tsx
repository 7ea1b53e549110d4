import { CONTENT_LIMITS, faqSectionInputSchema, type FaqSectionInput } from '@fhp/domain';
import Accordion from 'react-bootstrap/Accordion';
import Button from 'react-bootstrap/Button';
import { useFieldArray, type FieldErrors } from 'react-hook-form';
import { useSaveFaqSection, type FaqSection } from './api';
import { EditorShell } from './EditorShell';
import { useEditorForm } from './useEditorForm';
import { Field, RowTools } from './Field';

/** One FAQ section: its title and its questions, added, edited, moved and removed, then saved at once. */
export function FaqEditor({ section }: { section: FaqSection }) {
  const save = useSaveFaqSection();
  const stored: FaqSectionInput = { id: section.id, title: section.title, queAns: section.queAns.map(({ title, content }) => ({ title, content })), version: section.version };
  const { form, shell } = useEditorForm(faqSectionInputSchema, stored, save);
  const entries = useFieldArray({ control: form.control, name: 'queAns' });
  const errors: FieldErrors<FaqSectionInput> = form.formState.errors;
  const draft = form.watch();

  return (
    <EditorShell
      {...shell}
      form={
        <>
          <Field id={`faq-${section.id}-title`} label="Section title" maxLength={CONTENT_LIMITS.sectionTitle} error={errors.title?.message} registration={form.register('title')} />
          {errors.queAns?.root?.message || errors.queAns?.message ? <p className="text-danger small" role="alert">{errors.queAns?.root?.message ?? errors.queAns?.message}</p> : null}
          <ol className="list-unstyled d-grid gap-3 mt-3 mb-0">
            {entries.fields.map((entry, index) => (
              <li key={entry.id} className="content-row">
                <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                  <h3 className="h6 mb-0 me-auto">Question {index + 1}</h3>
                  <RowTools what="question" index={index} count={entries.fields.length} onMove={entries.move} onRemove={() => entries.remove(index)} />
                </div>
                <Field
                  id={`faq-${section.id}-q${index}`}
                  label="Question"
                  maxLength={CONTENT_LIMITS.question}
                  error={errors.queAns?.[index]?.title?.message}
                  registration={form.register(`queAns.${index}.title`)}
                />
                <Field
                  id={`faq-${section.id}-a${index}`}
                  label="Answer"
                  rows={3}
                  maxLength={CONTENT_LIMITS.answer}
                  error={errors.queAns?.[index]?.content?.message}
                  registration={form.register(`queAns.${index}.content`)}
                />
              </li>
            ))}
          </ol>
          <Button variant="outline-primary" size="sm" className="mt-3" disabled={entries.fields.length >= CONTENT_LIMITS.entries} onClick={() => entries.append({ title: '', content: '' })}>
            Add question
          </Button>
        </>
      }
      preview={
        <div className="p-3">
          <h2 className="h4 mb-3">{draft.title}</h2>
          <Accordion defaultActiveKey="0">
            {(draft.queAns ?? []).map((item, index) => (
              <Accordion.Item key={index} eventKey={String(index)}>
                <Accordion.Header as="h3">{item.title}</Accordion.Header>
                <Accordion.Body className="faq-answer">{item.content}</Accordion.Body>
              </Accordion.Item>
            ))}
          </Accordion>
        </div>
      }
    />
  );
}
