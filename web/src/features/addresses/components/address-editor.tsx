import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import type { AddressBookEntry } from '#contract/address-book';
import type { PutAddressResult } from '../api/address-api';
import { createAddressFormResolver } from '../lib/address-form-resolver';
import { EMPTY_ADDRESS_FORM, type AddressFormValues } from '../lib/address-form-values';
import { useSaveAddress } from '../lib/use-save-address';
import { useStepFocus, type EditorStep } from '../lib/use-step-focus';
import { AddressEditorSteps } from './address-editor-steps';
import { AddressForm } from './address-form';
import { AddressReviewStep } from './address-review-step';
import { AddressSaveResult } from './address-save-result';
import { ExistingEntryNotice } from './existing-entry-notice';

interface AddressEditorProps {
  initialValues: AddressFormValues;
  /** The saved entry the form was loaded from, if any. */
  loadedFrom: AddressBookEntry | undefined;
  allowTestnet: boolean;
  canWithdraw: boolean;
  returnTo: string | undefined;
}

/** The editor's form, checked as it is typed by the editor's resolver. */
function useAddressEditorForm(
  initialValues: AddressFormValues,
  allowTestnet: boolean,
  requireBeneficiary: boolean,
) {
  const resolver = useMemo(
    () => createAddressFormResolver({ allowTestnet }, { requireBeneficiary }),
    [allowTestnet, requireBeneficiary],
  );
  return useForm<AddressFormValues, unknown, PutCryptoDestinationAddressRequest>({
    defaultValues: initialValues,
    resolver,
    mode: 'onChange',
  });
}

/** Details → review → saved, with the form kept across the steps. */
export function AddressEditor({
  initialValues,
  loadedFrom,
  allowTestnet,
  canWithdraw,
  returnTo,
}: AddressEditorProps) {
  const navigate = useNavigate();
  // Back to a withdrawal: the beneficiary is required (the withdrawal needs it).
  const form = useAddressEditorForm(initialValues, allowTestnet, returnTo !== undefined);
  const [step, setStep] = useState<EditorStep>('edit');
  const [body, setBody] = useState<PutCryptoDestinationAddressRequest | undefined>();
  // Saved, or held by the four-eyes policy (nothing was sent, the request waits for approval).
  const [result, setResult] = useState<PutAddressResult | undefined>();
  const { heading, setFocusField } = useStepFocus(form, step, returnTo);
  const { save, saveError } = useSaveAddress(form, {
    onDone: (done) => {
      setResult(done);
      setStep('saved');
    },
    onRefused: (firstField) => {
      setFocusField(firstField);
      setStep('edit');
    },
  });

  const saveAnother = () => {
    form.reset(EMPTY_ADDRESS_FORM);
    save.reset();
    setBody(undefined);
    setResult(undefined);
    setStep('edit');
    void navigate('/addresses/new');
  };

  return (
    <div>
      <AddressEditorSteps step={step} held={result?.kind === 'held'} headingRef={heading} />
      {step === 'edit' && (
        <AddressForm
          form={form}
          allowTestnet={allowTestnet}
          cancelTo={returnTo ?? '/addresses'}
          existingNotice={<ExistingEntryNotice form={form} loadedFrom={loadedFrom} />}
          onReview={(request) => {
            setBody(request);
            save.reset();
            setStep('review');
          }}
        />
      )}
      {step === 'review' && body && (
        <AddressReviewStep
          body={body}
          saving={save.isPending}
          saveError={saveError}
          onBack={() => setStep('edit')}
          onSave={() => {
            form.clearErrors('root');
            save.mutate(body);
          }}
        />
      )}
      {step === 'saved' && result && body && (
        <AddressSaveResult
          result={result}
          body={body}
          returnTo={returnTo}
          canWithdraw={canWithdraw}
          onSaveAnother={saveAnother}
        />
      )}
    </div>
  );
}
