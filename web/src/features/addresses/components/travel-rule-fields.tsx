import { Card } from '#web/components/ui/card';
import { TextField } from '#web/components/ui/text-field';
import { fieldError, type AddressFormApi } from '../lib/address-form-values';
import { BeneficiaryFields } from './beneficiary-fields';
import { CustodyFields } from './custody-fields';

/** The Travel Rule part of the editor: who the beneficiary is, and where the address is held. */
export function TravelRuleFields({ form }: { form: AddressFormApi }) {
  return (
    <Card title="Travel Rule">
      <div className="stack">
        <BeneficiaryFields form={form} />
        <CustodyFields form={form} />
        <TextField
          label="Transfer purpose"
          autoComplete="off"
          hint="Optional, for example: payment for services"
          error={fieldError(form, 'transfer_purpose')}
          {...form.register('transfer_purpose')}
        />
      </div>
    </Card>
  );
}
