import { zodResolver } from '@hookform/resolvers/zod';
import { GENDERS, profileFormSchema, type ProfileFormInput, type ProfileFormValues } from '@fhp/domain';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { errorMessage, MandatoryNote, SelectField, TextField } from '../../../components/form/fields';
import { readAccessToken } from '../../../lib/auth/session';
import { displayMessageOf } from '../../../lib/graphql/errors';
import { GENDER_LABELS } from '../../../lib/kycLabels';
import { uploadProof } from '../../../lib/uploads';
import { useUpdateMyProfile, type AccountProfile } from '../api';
import { profileFormDefaults, updateProfileInput } from '../profileInput';

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));
export const PROFILE_UPDATED = 'Profile updated successfully';
export const UPDATE_PROFILE_FAILED = 'Update Profile Failed';

/**
 * The profile edit form (spec part 2 section 5), checked by the same schema as the server. The
 * phone field is hidden once the number is verified (its value is still sent, unchanged); the
 * email is the sign-in identity and is shown, not edited. The photo is optional: one PNG or JPEG.
 */
interface ProfileFormProps {
  profile: AccountProfile;
  /** The page shows the outcome: the form is mounted afresh when the saved profile comes back. */
  onDone: () => void;
  onFailed: (detail: string) => void;
}

export function ProfileForm({ profile, onDone, onFailed }: ProfileFormProps) {
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({ resolver: zodResolver(profileFormSchema), defaultValues: profileFormDefaults(profile) });
  const update = useUpdateMyProfile();
  const [busy, setBusy] = useState(false);
  const errors = form.formState.errors;
  const text = (name: keyof ProfileFormInput) => ({ error: errorMessage(errors[name]), registration: form.register(name) });

  async function submit(values: ProfileFormValues) {
    setBusy(true);
    try {
      const photo = values.image?.[0];
      const token = readAccessToken();
      const uploaded = photo && token ? await uploadProof(photo as File, 'PROFILE_IMAGE', token, () => undefined) : null;
      await update.mutateAsync(updateProfileInput(values, uploaded?.id ?? null));
      form.resetField('image');
      onDone();
    } catch (error) {
      onFailed(displayMessageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account-card" aria-labelledby="account-form-title">
      <h2 id="account-form-title" className="h5">
        Edit profile
      </h2>
      <Form noValidate onSubmit={form.handleSubmit(submit)}>
        <MandatoryNote />
        <Row>
          <Col md={6}><TextField id="profile-firstName" label="First Name" autoComplete="given-name" {...text('firstName')} /></Col>
          <Col md={6}><TextField id="profile-lastName" label="Last Name" autoComplete="family-name" {...text('lastName')} /></Col>
          <Col md={6}><SelectField id="profile-gender" label="Gender" placeholder="Select gender" options={GENDER_OPTIONS} {...text('gender')} /></Col>
          <Col md={6}><TextField id="profile-occupation" label="Occupation" autoComplete="organization-title" {...text('occupation')} /></Col>
          {!profile.phoneVerified && (
            <Col md={6}><TextField id="profile-phone" label="Phone Number" type="tel" autoComplete="tel" {...text('primaryContactNo')} /></Col>
          )}
          <Col md={6}>
            <Form.Group controlId="profile-email" className="mb-3">
              <Form.Label>Email</Form.Label>
              <Form.Control type="email" value={profile.email} readOnly plaintext aria-describedby="profile-email-hint" />
              <Form.Text id="profile-email-hint">The address you sign in with.</Form.Text>
            </Form.Group>
          </Col>
          <Col md={12}><TextField id="profile-streetAddress" label="Street Address" autoComplete="street-address" {...text('streetAddress')} /></Col>
          <Col md={6}><TextField id="profile-city" label="City" autoComplete="address-level2" {...text('city')} /></Col>
          <Col md={6}><TextField id="profile-country" label="Country" autoComplete="country-name" {...text('country')} /></Col>
          <Col md={12}>
            <Form.Group controlId="profile-image" className="mb-3">
              <Form.Label>Profile photo (optional)</Form.Label>
              <Form.Control
                type="file"
                accept=".png,.jpeg,.jpg,image/png,image/jpeg"
                isInvalid={Boolean(errors.image)}
                aria-describedby="profile-image-hint"
                {...form.register('image')}
              />
              <Form.Text id="profile-image-hint">One PNG, JPEG or JPG file, at most 20 MB.</Form.Text>
              {errors.image && <div className="invalid-feedback d-block">{errorMessage(errors.image)}</div>}
            </Form.Group>
          </Col>
        </Row>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? (
            <>
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              Saving your profile...
            </>
          ) : (
            'Update Profile'
          )}
        </Button>
      </Form>
    </section>
  );
}
