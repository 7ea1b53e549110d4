import { ADMIN_CONFIG_MESSAGES, COUNTRY_CODES, COUNTRIES, holderLimitsInputSchema } from '@fhp/domain';
import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ErrorDialog } from '../../components/ErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { ScrollTable } from '../../components/StaffList';
import { notify } from '../../components/toast';
import { ApiError, displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import {
  useOffersAndSeasons,
  useSaveHolderLimits,
  useSaveOffer,
  useSaveSeason,
  type AdminHolderLimits,
  type AdminOffer,
  type AdminSeason,
  type HolderLimitsInputValues,
  type OfferInputValues,
  type SeasonInputValues,
} from './api';

type Field = { name: string; label: string; type: 'text' | 'date' | 'number' | 'check' | 'country' };

const OFFER_FIELDS: Field[] = [
  { name: 'country', label: 'Country', type: 'country' },
  { name: 'discountPercent', label: 'Discount (%)', type: 'text' },
  { name: 'validFrom', label: 'First day', type: 'date' },
  { name: 'validTo', label: 'Last day (empty: open-ended)', type: 'date' },
  { name: 'message', label: 'Message', type: 'text' },
  { name: 'logo', label: 'Logo (path or https address)', type: 'text' },
  { name: 'canPurchase', label: 'Customers can buy with it', type: 'check' },
  { name: 'active', label: 'Active', type: 'check' },
];
const SEASON_FIELDS: Field[] = [
  { name: 'year', label: 'Year', type: 'number' },
  { name: 'coverStart', label: 'Cover starts', type: 'date' },
  { name: 'coverEnd', label: 'Cover ends', type: 'date' },
  { name: 'paymentDeadline', label: 'Payment deadline', type: 'date' },
  { name: 'nextSeasonYear', label: 'Next season (closed-window text)', type: 'number' },
  { name: 'purchaseWindowOpen', label: 'Purchase window open', type: 'check' },
];
const HOLDER_LIMIT_FIELDS: Field[] = [
  { name: 'maxPolicies', label: 'Policies per holder', type: 'number' },
  { name: 'maxCoverage', label: 'Cover per holder (EC$)', type: 'text' },
];

type Values = Record<string, string | boolean>;

/**
 * One edit dialog for both: the server checks every rule with the domain's schemas and answers the
 * admin's sentence (101%, an end before the start, overlapping seasons), shown in the dialog.
 */
function EditDialog({
  title,
  fields,
  initial,
  onSave,
  onClose,
  savedMessage = ADMIN_CONFIG_MESSAGES.saved,
}: {
  title: string;
  fields: Field[];
  initial: Values;
  onSave: (values: Values) => Promise<unknown>;
  onClose: () => void;
  savedMessage?: string;
}) {
  const [values, setValues] = useState<Values>(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onSave(values);
      notify.success(savedMessage);
      onClose();
    } catch (failure) {
      setError(displayMessageOf(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal show onHide={onClose} centered aria-labelledby="config-edit-title">
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Header closeButton>
          <Modal.Title id="config-edit-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-grid gap-3">
          {fields.map((field) =>
            field.type === 'check' ? (
              <Form.Check key={field.name} id={`config-${field.name}`} label={field.label} checked={values[field.name] === true} onChange={(e) => setValues({ ...values, [field.name]: e.target.checked })} />
            ) : (
              <Form.Group key={field.name} controlId={`config-${field.name}`}>
                <Form.Label>{field.label}</Form.Label>
                {field.type === 'country' ? (
                  <Form.Select value={String(values[field.name])} onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}>
                    {COUNTRY_CODES.map((code) => (
                      <option key={code} value={code}>
                        {COUNTRIES[code].name}
                      </option>
                    ))}
                  </Form.Select>
                ) : (
                  <Form.Control type={field.type} value={String(values[field.name] ?? '')} onChange={(e) => setValues({ ...values, [field.name]: e.target.value })} />
                )}
              </Form.Group>
            ),
          )}
          {error ? (
            <p className="text-danger mb-0" role="alert">
              {error}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            Save
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

const NEW_OFFER: Values = { country: 'gd', discountPercent: '', validFrom: '', validTo: '', message: '', logo: '', canPurchase: true, active: true };

function offerValues(offer: AdminOffer): Values {
  return { ...offer, validTo: offer.validTo ?? '', message: offer.message ?? '', logo: offer.logo ?? '' };
}

function toOfferInput(values: Values, id: string | null): OfferInputValues {
  const text = (name: string) => String(values[name] ?? '').trim();
  return {
    id,
    country: text('country'),
    discountPercent: text('discountPercent'),
    validFrom: text('validFrom'),
    validTo: text('validTo') || null,
    message: text('message') || null,
    logo: text('logo') || null,
    canPurchase: values.canPurchase === true,
    active: values.active === true,
  };
}

function toSeasonInput(values: Values): SeasonInputValues {
  return {
    year: Number(values.year),
    coverStart: String(values.coverStart),
    coverEnd: String(values.coverEnd),
    paymentDeadline: String(values.paymentDeadline),
    purchaseWindowOpen: values.purchaseWindowOpen === true,
    nextSeasonYear: Number(values.nextSeasonYear),
  };
}

/**
 * The limits as the server takes them, checked first by the domain's schema (the server checks
 * again): a number field left empty or not a number gets the admin's sentence, not GraphQL's.
 */
function toHolderLimitsInput(values: Values, limits: AdminHolderLimits): HolderLimitsInputValues {
  const maxPoliciesText = String(values.maxPolicies ?? '').trim();
  const input = {
    country: limits.country,
    seasonYear: limits.seasonYear,
    maxPolicies: maxPoliciesText === '' ? Number.NaN : Number(maxPoliciesText),
    maxCoverage: String(values.maxCoverage ?? '').trim(),
  };
  const checked = holderLimitsInputSchema.safeParse(input);
  if (!checked.success) {
    const message = checked.error.issues[0]?.message ?? ADMIN_CONFIG_MESSAGES.maxPoliciesInvalid;
    throw new ApiError(message, message, 'BAD_USER_INPUT');
  }
  return input;
}

const countryName = (code: string) => COUNTRIES[code as 'gd' | 'dm']?.name ?? code;

/** Admin screen: the discount offers per country, the seasons (dates, purchase window) and the limits per holder. */
export function OffersAndSeasonsPage() {
  usePageTitle('Offers & Seasons');
  const config = useOffersAndSeasons();
  const saveOffer = useSaveOffer();
  const saveSeason = useSaveSeason();
  const saveHolderLimits = useSaveHolderLimits();
  const [editing, setEditing] = useState<
    { kind: 'offer'; offer: AdminOffer | null } | { kind: 'season'; season: AdminSeason | null } | { kind: 'limits'; limits: AdminHolderLimits } | null
  >(null);

  if (config.isPending) return <LoadingScreen label="Retrieving offers and seasons..." />;
  if (config.isError) return <ErrorDialog show detail={displayMessageOf(config.error)} onRetry={() => void config.refetch()} onClose={() => void config.refetch()} />;
  const { adminOffers: offers, adminSeasons: seasons, adminHolderLimits: holderLimits } = config.data;
  const latest = seasons[0];

  return (
    <Container as="section" className="py-4" style={{ maxWidth: '1140px' }} aria-labelledby="config-title">
      <h1 id="config-title" className="h3 mb-1">
        Offers &amp; Seasons
      </h1>
      <p className="text-body-secondary mb-4">New quotes use a saved change within a few seconds.</p>

      <div className="d-flex align-items-center mb-2">
        <h2 className="h5 mb-0 me-auto">Offers</h2>
        <Button size="sm" onClick={() => setEditing({ kind: 'offer', offer: null })}>
          New offer
        </Button>
      </div>
      <ScrollTable label="Offers" className="align-middle mb-5">
        <thead>
          <tr>
            <th scope="col">Country</th>
            <th scope="col">Discount</th>
            <th scope="col">Days</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="visually-hidden">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => (
            <tr key={offer.id}>
              <td>{countryName(offer.country)}</td>
              <td>{Number(offer.discountPercent)}%</td>
              <td>
                {offer.validFrom} to {offer.validTo ?? 'open-ended'}
              </td>
              <td>{offer.active ? <Badge bg="success">active</Badge> : <Badge bg="light" text="dark">off</Badge>}</td>
              <td className="text-end">
                <Button size="sm" variant="outline-secondary" onClick={() => setEditing({ kind: 'offer', offer })} aria-label={`Edit offer ${offer.id}`}>
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>

      <div className="d-flex align-items-center mb-2">
        <h2 className="h5 mb-0 me-auto">Seasons</h2>
        <Button size="sm" onClick={() => setEditing({ kind: 'season', season: null })}>
          New season
        </Button>
      </div>
      <ScrollTable label="Seasons" className="align-middle">
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col">Cover</th>
            <th scope="col">Payment deadline</th>
            <th scope="col">Window</th>
            <th scope="col">
              <span className="visually-hidden">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {seasons.map((season) => (
            <tr key={season.year}>
              <td>{season.year}</td>
              <td>
                {season.coverStart} to {season.coverEnd}
              </td>
              <td>{season.paymentDeadline}</td>
              <td>{season.purchaseWindowOpen ? <Badge bg="success">open</Badge> : <Badge bg="light" text="dark">closed</Badge>}</td>
              <td className="text-end">
                <Button size="sm" variant="outline-secondary" onClick={() => setEditing({ kind: 'season', season })} aria-label={`Edit season ${season.year}`}>
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>

      <h2 className="h5 mt-5 mb-1">Limits per holder</h2>
      <p className="text-body-secondary mb-2">
        The most policies, and cover in all, that one holder may hold in a country and season; cancelled policies do not count. A season without pricing of its
        own uses the latest earlier season’s limits.
      </p>
      <ScrollTable label="Limits per holder" className="align-middle">
        <thead>
          <tr>
            <th scope="col">Season</th>
            <th scope="col">Country</th>
            <th scope="col">Policies</th>
            <th scope="col">Cover</th>
            <th scope="col">
              <span className="visually-hidden">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {holderLimits.map((limits) => (
            <tr key={`${limits.seasonYear}-${limits.country}`}>
              <td>{limits.seasonYear}</td>
              <td>{countryName(limits.country)}</td>
              <td>{limits.maxPolicies}</td>
              <td>{limits.maxCoverage.formatted}</td>
              <td className="text-end">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => setEditing({ kind: 'limits', limits })}
                  aria-label={`Edit limits per holder of ${countryName(limits.country)} ${limits.seasonYear}`}
                >
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>

      {editing?.kind === 'offer' ? (
        <EditDialog
          title={editing.offer ? 'Edit offer' : 'New offer'}
          fields={OFFER_FIELDS}
          initial={editing.offer ? offerValues(editing.offer) : NEW_OFFER}
          onSave={(values) => saveOffer.mutateAsync(toOfferInput(values, editing.offer?.id ?? null))}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'season' ? (
        <EditDialog
          title={editing.season ? `Edit season ${editing.season.year}` : 'New season'}
          fields={SEASON_FIELDS}
          initial={
            editing.season
              ? { ...editing.season, year: String(editing.season.year), nextSeasonYear: String(editing.season.nextSeasonYear) }
              : { year: String((latest?.year ?? 2026) + 1), coverStart: '', coverEnd: '', paymentDeadline: '', nextSeasonYear: String((latest?.year ?? 2026) + 2), purchaseWindowOpen: false }
          }
          onSave={(values) => saveSeason.mutateAsync(toSeasonInput(values))}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'limits' ? (
        <EditDialog
          title={`Limits per holder: ${countryName(editing.limits.country)} ${editing.limits.seasonYear}`}
          fields={HOLDER_LIMIT_FIELDS}
          initial={{ maxPolicies: String(editing.limits.maxPolicies), maxCoverage: String(editing.limits.maxCoverage.raw) }}
          onSave={async (values) => saveHolderLimits.mutateAsync(toHolderLimitsInput(values, editing.limits))}
          onClose={() => setEditing(null)}
          savedMessage={ADMIN_CONFIG_MESSAGES.limitsSaved}
        />
      ) : null}
    </Container>
  );
}
