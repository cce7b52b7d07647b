import { useMemo, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { Profile } from '#contract/profiles';
import { Combobox } from '#web/components/ui/combobox';
import { isEntityId, normaliseEntityId } from '#web/lib/entity-id';
import { useMe } from '#web/lib/session';
import { readRecentProfiles, recentFirst, rememberProfile } from '../lib/recent-profiles';
import type { ReviewedWithdrawal } from '../lib/withdrawal-form-model';
import type { WithdrawalFormValues } from '../lib/withdrawal-form-model';

interface ProfileChooserProps {
  /** Every profile (read once per form); undefined while they are read. */
  profiles: readonly Profile[] | undefined;
  control: Control<WithdrawalFormValues, unknown, ReviewedWithdrawal>;
  error: string | undefined;
}

/**
 * A type-ahead over the profiles by nickname, the id small under each, the ones this operator
 * used recently first. Narrowed in the browser: typing asks the service nothing. Sends the id.
 */
export function ProfileChooser({ profiles, control, error }: ProfileChooserProps) {
  const operator = useMe().operator.subject;
  const { field } = useController({ name: 'profile_id', control });
  const [recent, setRecent] = useState(() => readRecentProfiles(operator));
  const options = useMemo(
    () =>
      recentFirst(profiles ?? [], recent).map((profile) => ({
        value: profile.id,
        label: profile.nickname.trim() === '' ? '(no nickname)' : profile.nickname,
        detail: [
          profile.id,
          profile.type === 'DEFAULT' && 'default profile',
          recent.includes(profile.id) && 'used recently',
        ]
          .filter(Boolean)
          .join(' · '),
      })),
    [profiles, recent],
  );
  return (
    <Combobox
      label="Profile"
      className="field--span-2"
      required
      ref={field.ref}
      name={field.name}
      options={options}
      // A pasted id is taken too, listed or not (the service decides whether it exists).
      acceptText={(text) => (isEntityId(text) ? normaliseEntityId(text) : undefined)}
      emptyText={profiles ? 'No profile by that nickname: paste its id' : 'Reading the profiles…'}
      value={field.value}
      placeholder={profiles ? 'Type a nickname' : 'Reading the profiles…'}
      hint={
        field.value !== '' ? (
          <span className="mono">{field.value}</span>
        ) : (
          'The profile the funds leave from: type its nickname or paste its id'
        )
      }
      error={error}
      onBlur={field.onBlur}
      onChange={(id) => {
        field.onChange(id);
        if (id === '') return;
        rememberProfile(operator, id);
        setRecent(readRecentProfiles(operator));
      }}
    />
  );
}
