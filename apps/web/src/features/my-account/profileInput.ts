import type { ProfileFormInput, ProfileFormValues } from '@fhp/domain';
import type { AccountProfile, UpdateMyProfileVariables } from './api';

/** The form's starting values: what the profile holds now (country as stored, a name or a code). */
export function profileFormDefaults(profile: AccountProfile): ProfileFormInput {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    gender: (profile.gender ?? '') as ProfileFormInput['gender'],
    primaryContactNo: profile.primaryContactNo ?? '',
    streetAddress: profile.address?.addressLine1 ?? '',
    city: profile.address?.city ?? '',
    country: profile.address?.country ?? '',
    occupation: profile.occupation ?? '',
    email: profile.email,
  };
}

/** The checked form as `updateMyProfile` takes it; the photo goes by the id its upload answered. */
export function updateProfileInput(values: ProfileFormValues, imageFileId: string | null): UpdateMyProfileVariables {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    gender: values.gender,
    primaryContactNo: values.primaryContactNo,
    occupation: values.occupation,
    address: { addressLine1: values.streetAddress, city: values.city, country: values.country },
    email: values.email,
    ...(imageFileId ? { imageFileId } : {}),
  };
}
