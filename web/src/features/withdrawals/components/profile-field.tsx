import { useQuery } from '@tanstack/react-query';
import type { Control, UseFormRegister } from 'react-hook-form';
import type { FeatureState } from '#contract/companion-features';
import { TextField } from '#web/components/ui/text-field';
import { profilesQuery } from '../api/operator-context-api';
import type { ReviewedWithdrawal } from '../lib/withdrawal-form-model';
import type { WithdrawalFormValues } from '../lib/withdrawal-form-model';
import { ProfileChooser } from './profile-chooser';

interface ProfileFieldProps {
  /** The profiles feature from /api/me: off, the id is typed as before, and the note says why. */
  feature: FeatureState;
  control: Control<WithdrawalFormValues, unknown, ReviewedWithdrawal>;
  register: UseFormRegister<WithdrawalFormValues>;
  error: string | undefined;
}

/** The profile the funds leave from: chosen by nickname, or typed as an id when that cannot be. */
export function ProfileField({ feature, control, register, error }: ProfileFieldProps) {
  const profiles = useQuery({ ...profilesQuery(), enabled: feature.enabled });
  if (feature.enabled && !profiles.isError)
    return <ProfileChooser profiles={profiles.data} control={control} error={error} />;
  // Why the profiles cannot be chosen by name, in /api/me's words when the feature is off.
  const why = feature.enabled
    ? 'The profile list could not be read.'
    : (feature.reason ?? 'Choosing a profile by name is off.');
  return (
    <TextField
      label="Profile id"
      className="field--span-2"
      required
      mono
      autoComplete="off"
      spellCheck={false}
      hint={`${why} Type the id of the profile the funds leave from.`}
      {...register('profile_id')}
      error={error}
    />
  );
}
