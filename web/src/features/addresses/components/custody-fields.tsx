import { useWatch } from 'react-hook-form';
import { RadioGroup, type RadioOption } from '#web/components/ui/radio-group';
import { TextField } from '#web/components/ui/text-field';
import { useMe } from '#web/lib/session';
import { fieldError, type AddressFormApi } from '../lib/address-form-values';
import { VaspIdField } from './vasp-id-field';
import { VaspPicker } from './vasp-picker';

const CUSTODY_OPTIONS: readonly RadioOption[] = [
  { value: 'none', label: 'Not given' },
  { value: 'VASP', label: 'A VASP', hint: 'An exchange or custodian holds the address.' },
  {
    value: 'PRIVATE',
    label: 'A self-hosted wallet',
    hint: 'The beneficiary holds the keys themselves; there is no VASP.',
  },
];

const VASP_KIND_OPTIONS: readonly RadioOption[] = [
  {
    value: 'directory',
    label: 'From the directory',
    hint: 'The VASP id in the service’s directory.',
  },
  {
    value: 'custom',
    label: 'Not listed',
    hint: 'A VASP the directory does not list: its name and website.',
  },
];

/** Where the address is held: a VASP (from the directory, or named by hand) or a private wallet. */
export function CustodyFields({ form }: { form: AddressFormApi }) {
  const { register, control } = form;
  const custodian = useWatch({ control, name: 'custodian' });
  return (
    <>
      <RadioGroup
        legend="Where the address is held"
        options={CUSTODY_OPTIONS}
        value={custodian}
        error={fieldError(form, 'custodian')}
        vertical
        {...register('custodian')}
      />
      {custodian === 'VASP' && (
        <div className="stack">
          <VaspFields form={form} />
        </div>
      )}
    </>
  );
}

/** Which VASP: its id in the service's directory, or its name and website when not listed. */
function VaspFields({ form }: { form: AddressFormApi }) {
  const { register, control } = form;
  const directory = useMe().features.vasp_directory;
  const vaspId = useWatch({ control, name: 'vasp_id' });
  const vaspKind = useWatch({ control, name: 'vasp_kind' });
  return (
    <>
      <RadioGroup
        legend="Which VASP"
        options={VASP_KIND_OPTIONS}
        value={vaspKind}
        error={fieldError(form, 'vasp_kind')}
        {...register('vasp_kind')}
      />
      {vaspKind === 'directory' ? (
        <>
          <VaspPicker
            feature={directory}
            value={vaspId ?? ''}
            onSelect={(vasp) =>
              form.setValue('vasp_id', vasp.id, { shouldDirty: true, shouldValidate: true })
            }
            onNotListed={() => {
              form.setValue('vasp_kind', 'custom', { shouldDirty: true });
              form.setValue('vasp_id', '', { shouldDirty: true });
            }}
          />
          <div className="form-grid">
            <VaspIdField form={form} />
          </div>
        </>
      ) : (
        <div className="form-grid">
          <TextField
            label="VASP name"
            required
            autoComplete="off"
            error={fieldError(form, 'custom_vasp_name')}
            {...register('custom_vasp_name')}
          />
          <TextField
            label="VASP website"
            required
            autoComplete="off"
            spellCheck={false}
            placeholder="example.com"
            error={fieldError(form, 'custom_vasp_website')}
            {...register('custom_vasp_website', { deps: ['custom_vasp_name'] })}
          />
        </div>
      )}
    </>
  );
}
