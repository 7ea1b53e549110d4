import { CONTENT_LIMITS, landingTextsInputSchema, type LandingTextsInput } from '@fhp/domain';
import Button from 'react-bootstrap/Button';
import { useFieldArray } from 'react-hook-form';
import { useSaveLandingTexts, type LandingTexts } from './api';
import { EditorShell } from './EditorShell';
import { useEditorForm } from './useEditorForm';
import { Field, RowTools } from './Field';

/** A product landing page's texts: the hero, the steps of "How it works" and the payout introduction. */
export function LandingEditor({ landing }: { landing: LandingTexts }) {
  const save = useSaveLandingTexts();
  const stored: LandingTextsInput = {
    productId: landing.productId,
    title: landing.title,
    subtitle: landing.subtitle,
    heroText: landing.heroText,
    howItWorks: landing.howItWorks.map(({ title, text }) => ({ title, text })),
    payoutIntro: landing.payoutIntro,
    version: landing.version,
  };
  const { form, shell } = useEditorForm(landingTextsInputSchema, stored, save);
  const steps = useFieldArray({ control: form.control, name: 'howItWorks' });
  const errors = form.formState.errors;
  const draft = form.watch();
  const id = (name: string) => `landing-${landing.productId}-${name}`;

  return (
    <EditorShell
      {...shell}
      form={
        <>
          <Field id={id('title')} label="Title" maxLength={CONTENT_LIMITS.title} error={errors.title?.message} registration={form.register('title')} />
          <Field id={id('subtitle')} label="Subtitle" maxLength={CONTENT_LIMITS.subtitle} error={errors.subtitle?.message} registration={form.register('subtitle')} />
          <Field id={id('hero')} label="Introduction" rows={3} maxLength={CONTENT_LIMITS.heroText} error={errors.heroText?.message} registration={form.register('heroText')} />
          <h3 className="h6 mt-3">How it works</h3>
          <ol className="list-unstyled d-grid gap-3 mb-0">
            {steps.fields.map((step, index) => (
              <li key={step.id} className="content-row">
                <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                  <h4 className="h6 mb-0 me-auto">Step {index + 1}</h4>
                  <RowTools what="step" index={index} count={steps.fields.length} onMove={steps.move} onRemove={() => steps.remove(index)} />
                </div>
                <Field id={id(`step${index}-title`)} label="Step title" maxLength={CONTENT_LIMITS.stepTitle} error={errors.howItWorks?.[index]?.title?.message} registration={form.register(`howItWorks.${index}.title`)} />
                <Field id={id(`step${index}-text`)} label="Step text" rows={2} maxLength={CONTENT_LIMITS.stepText} error={errors.howItWorks?.[index]?.text?.message} registration={form.register(`howItWorks.${index}.text`)} />
              </li>
            ))}
          </ol>
          <Button variant="outline-primary" size="sm" className="mt-3 mb-3" disabled={steps.fields.length >= CONTENT_LIMITS.steps} onClick={() => steps.append({ title: '', text: '' })}>
            Add step
          </Button>
          <Field id={id('payout')} label="Payout introduction" rows={3} maxLength={CONTENT_LIMITS.payoutIntro} error={errors.payoutIntro?.message} registration={form.register('payoutIntro')} />
        </>
      }
      preview={
        <>
          <div className="hero content-preview-hero p-4">
            <p className="eyebrow text-white mb-2">{draft.subtitle}</p>
            <p className="h2 fw-bold text-white mb-3">{draft.title}</p>
            <p className="lead mb-0">{draft.heroText}</p>
          </div>
          <div className="p-4">
            <p className="h5">How it works</p>
            <ol className="mb-4">
              {(draft.howItWorks ?? []).map((step, index) => (
                <li key={index}>
                  <strong>{step.title}</strong>: {step.text}
                </li>
              ))}
            </ol>
            <p className="h5">Payout structure</p>
            <p className="mb-0">{draft.payoutIntro}</p>
          </div>
        </>
      }
    />
  );
}
