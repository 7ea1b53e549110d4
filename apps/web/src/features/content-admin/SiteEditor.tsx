import { CONTENT_LIMITS, siteContentInputSchema, type SiteContentInput } from '@fhp/domain';
import Button from 'react-bootstrap/Button';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useSaveSiteContent, type SiteContent } from './api';
import { EditorShell } from './EditorShell';
import { useEditorForm } from './useEditorForm';
import { Field, RowTools } from './Field';

function ColumnLinks({ column, control, register, errors }: { column: number; control: Control<SiteContentInput>; register: UseFormRegister<SiteContentInput>; errors: FieldErrors<SiteContentInput> }) {
  const links = useFieldArray({ control, name: `footer.${column}.links` });
  const linkErrors = errors.footer?.[column]?.links;
  return (
    <>
      <ol className="list-unstyled d-grid gap-2 mb-2">
        {links.fields.map((link, index) => (
          <li key={link.id} className="content-link-row">
            <Field id={`footer-${column}-link${index}-label`} label={`Link ${index + 1} text`} maxLength={CONTENT_LIMITS.linkLabel} error={linkErrors?.[index]?.label?.message} registration={register(`footer.${column}.links.${index}.label`)} />
            <Field id={`footer-${column}-link${index}-href`} label={`Link ${index + 1} address`} maxLength={CONTENT_LIMITS.href} error={linkErrors?.[index]?.href?.message} registration={register(`footer.${column}.links.${index}.href`)} />
            <RowTools what="link" index={index} count={links.fields.length} onMove={links.move} onRemove={() => links.remove(index)} />
          </li>
        ))}
      </ol>
      {linkErrors?.root?.message ? <p className="text-danger small" role="alert">{linkErrors.root.message}</p> : null}
      <Button variant="outline-primary" size="sm" disabled={links.fields.length >= CONTENT_LIMITS.footerLinks} onClick={() => links.append({ label: '', href: '/' })}>
        Add link
      </Button>
    </>
  );
}

/** The footer's columns of links (only safe links) and the contact lines shown on every page. */
export function SiteEditor({ site }: { site: SiteContent }) {
  const save = useSaveSiteContent();
  const stored: SiteContentInput = {
    footer: site.footer.map((c) => ({ title: c.title, links: c.links.map(({ label, href }) => ({ label, href })) })),
    contact: { email: site.contact.email, phone: site.contact.phone, address: site.contact.address },
    version: site.version,
  };
  const { form, shell } = useEditorForm(siteContentInputSchema, stored, save);
  const columns = useFieldArray({ control: form.control, name: 'footer' });
  const errors = form.formState.errors;
  const draft = form.watch();

  return (
    <EditorShell
      {...shell}
      form={
        <>
          <h3 className="h6">Contact</h3>
          <div className="row g-2">
            <div className="col-md-6">
              <Field id="contact-email" label="Support email" error={errors.contact?.email?.message} registration={form.register('contact.email')} />
            </div>
            <div className="col-md-6">
              <Field id="contact-phone" label="Support phone" maxLength={CONTENT_LIMITS.phone} error={errors.contact?.phone?.message} registration={form.register('contact.phone')} />
            </div>
          </div>
          <Field id="contact-address" label="Address" maxLength={CONTENT_LIMITS.address} error={errors.contact?.address?.message} registration={form.register('contact.address')} />
          <h3 className="h6 mt-3">Footer columns</h3>
          <ol className="list-unstyled d-grid gap-3 mb-0">
            {columns.fields.map((column, index) => (
              <li key={column.id} className="content-row">
                <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                  <h4 className="h6 mb-0 me-auto">Column {index + 1}</h4>
                  <RowTools what="column" index={index} count={columns.fields.length} onMove={columns.move} onRemove={() => columns.remove(index)} />
                </div>
                <Field id={`footer-${index}-title`} label="Heading" maxLength={CONTENT_LIMITS.footerTitle} error={errors.footer?.[index]?.title?.message} registration={form.register(`footer.${index}.title`)} />
                <ColumnLinks column={index} control={form.control} register={form.register} errors={errors} />
              </li>
            ))}
          </ol>
          <Button variant="outline-primary" size="sm" className="mt-3" disabled={columns.fields.length >= CONTENT_LIMITS.footerSections} onClick={() => columns.append({ title: '', links: [{ label: '', href: '/' }] })}>
            Add column
          </Button>
        </>
      }
      preview={
        <div className="site-footer content-preview-footer p-4">
          <div className="row g-4">
            {(draft.footer ?? []).map((column, index) => (
              <div key={index} className="col-6 col-md-3">
                <p className="fw-semibold text-white mb-2">{column.title}</p>
                <ul className="list-unstyled d-grid gap-1 mb-0">
                  {(column.links ?? []).map((link, i) => (
                    <li key={i}>
                      {/* Not a live link: the preview shows the address it will point at. */}
                      <span className="content-preview-link">{link.label}</span> <span className="small opacity-75">({link.href})</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <p className="mt-4 mb-0">
            {draft.contact?.email} · {draft.contact?.phone} · {draft.contact?.address}
          </p>
        </div>
      }
    />
  );
}
