import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type {
  CryptoDestinationAddress,
  PutCryptoDestinationAddressRequest,
} from '#contract/destination-addresses';
import type { ApprovalRequest } from '#contract/approvals';
import type { AddressBookEntry } from '#contract/ledger';
import { Button, buttonClassName } from '#web/components/ui/button';
import { Notice } from '#web/components/ui/notice';
import { isApiError } from '#web/lib/api-error';
import { addressEntryQuery, addressKeys, putAddress } from '../api/address-api';
import {
  createAddressFormResolver,
  formErrorsFromRequestErrors,
} from '../lib/address-form-resolver';
import {
  EMPTY_ADDRESS_FORM,
  formValuesFromAddress,
  isOldFormatTravelRule,
  type AddressFormValues,
} from '../lib/address-form-values';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { AddressForm } from './address-form';
import { AddressReview } from './address-review';
import { HeldAddressResult } from './held-address-result';
import { LookAlikeConfirm, useLookAlikes } from './look-alike-confirm';
import { SavedAddress } from './saved-address';
import { OldFormatBadge } from './travel-rule-details';

type Step = 'edit' | 'review' | 'saved';

const STEPS: readonly { step: Step; label: string }[] = [
  { step: 'edit', label: '1. Details' },
  { step: 'review', label: '2. Review' },
  { step: 'saved', label: '3. Saved' },
];

export interface AddressEditorProps {
  initialValues: AddressFormValues;
  /** The saved entry the form was loaded from, if any. */
  loadedFrom: AddressBookEntry | undefined;
  allowTestnet: boolean;
  canWithdraw: boolean;
  returnTo: string | undefined;
}

/** Loads the saved details of an address the operator typed in that turns out to be saved. */
function ExistingEntryNotice({
  form,
  loadedFrom,
}: {
  form: ReturnType<typeof useForm<AddressFormValues, unknown, PutCryptoDestinationAddressRequest>>;
  loadedFrom: AddressBookEntry | undefined;
}) {
  const [network, address, identity] = useWatch({
    control: form.control,
    name: ['crypto_network', 'address', 'identity_id'],
  });
  const key = useDebouncedValue(`${network}\n${address.trim()}\n${identity.trim()}`, 400);
  const [n = '', a = '', i = ''] = key.split('\n');
  const entry = useQuery(addressEntryQuery(n, a, i)).data;
  if (!entry) return null;
  const name = entry.nickname ?? entry.address;
  if (loadedFrom?.key === entry.key && loadedFrom.version === entry.version) {
    return (
      <Notice tone="info" title={`Editing the saved address “${name}”`}>
        <p>Its saved details are loaded below; saving updates it.</p>
        {isOldFormatTravelRule(entry.upstream.travelrule_metadata) && (
          <p>
            <OldFormatBadge /> Its Travel Rule data was saved with the older field names, which the
            service does not take. It is shown below in the service&apos;s fields; check them (a
            country is needed with an address), and saving sends them.
          </p>
        )}
      </Notice>
    );
  }
  return (
    <Notice tone="warning" title={`Already saved as “${name}”`}>
      <p>Saving updates that address. Start from what is saved to change only what you mean to.</p>
      <Button
        size="small"
        onClick={() =>
          form.reset({
            ...formValuesFromAddress(entry.upstream, entry.crypto_network),
            crypto_network: network,
            address: address.trim(),
            identity_id: identity.trim(),
          })
        }
      >
        Load its saved details
      </Button>
    </Notice>
  );
}

/** Details → review → saved, with the form kept across the steps. */
export function AddressEditor({
  initialValues,
  loadedFrom,
  allowTestnet,
  canWithdraw,
  returnTo,
}: AddressEditorProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const requireBeneficiary = returnTo !== undefined;
  const resolver = useMemo(
    () => createAddressFormResolver({ allowTestnet }, { requireBeneficiary }),
    [allowTestnet, requireBeneficiary],
  );
  const form = useForm<AddressFormValues, unknown, PutCryptoDestinationAddressRequest>({
    defaultValues: initialValues,
    resolver,
    mode: 'onChange',
  });
  const [step, setStep] = useState<Step>('edit');
  const [body, setBody] = useState<PutCryptoDestinationAddressRequest | undefined>();
  const [saved, setSaved] = useState<CryptoDestinationAddress | undefined>();
  // A save the four-eyes policy holds: nothing was sent, the request waits for approval.
  const [held, setHeld] = useState<ApprovalRequest | undefined>();
  const [focusField, setFocusField] = useState<string | undefined>();
  const [lookAlikeConfirmed, setLookAlikeConfirmed] = useState(false);
  const lookAlikes = useLookAlikes(step === 'review' ? (body?.address ?? '') : '').matches;
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const existing = useQuery({
    ...addressEntryQuery(body?.crypto_network ?? '', body?.address ?? '', body?.identity_id ?? ''),
    enabled: step === 'review' && body?.crypto_network !== undefined && body.address !== undefined,
  });

  const save = useMutation({
    mutationFn: putAddress,
    onSuccess: (result) => {
      if (result.kind === 'held') setHeld(result.approval);
      else setSaved(result.address);
      setStep('saved');
      void queryClient.invalidateQueries({ queryKey: addressKeys.all });
    },
    onError: (error) => {
      if (!isApiError(error) || error.fieldErrors.length === 0) return;
      // The server refused fields: show each on its field, back on the form.
      const errors = formErrorsFromRequestErrors(error.fieldErrors);
      for (const [path, message] of Object.entries(errors)) {
        if (path === 'root') form.setError('root.server', { type: 'server', message });
        else form.setError(path as Path<AddressFormValues>, { type: 'server', message });
      }
      if (!errors.root) {
        form.setError('root.server', {
          type: 'server',
          message: `${error.problem.title}: the fields marked below were refused.`,
        });
      }
      setFocusField(Object.keys(errors).find((path) => path !== 'root'));
      setStep('edit');
    },
  });

  // Each step change moves the focus to the step's heading (or to the refused field), so
  // keyboard and screen-reader users land where the page changed.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step === 'edit' && focusField) {
      try {
        form.setFocus(focusField as Path<AddressFormValues>);
      } catch {
        heading.current?.focus();
      }
      setFocusField(undefined);
      return;
    }
    if (step !== 'saved' || !returnTo) heading.current?.focus();
  }, [step, focusField, form, returnTo]);

  const saveError = save.isError && !(isApiError(save.error) && save.error.fieldErrors.length > 0);

  return (
    <div>
      <ol className="address-editor-steps" aria-label="Steps">
        {STEPS.map((s) => (
          <li key={s.step} aria-current={s.step === step ? 'step' : undefined}>
            {/* Held, it is not saved yet: the last step says where it is. */}
            {s.step === 'saved' && held ? '3. Approval' : s.label}
          </li>
        ))}
      </ol>
      <h2 ref={heading} tabIndex={-1} className="address-step-heading">
        {step === 'edit'
          ? 'Details'
          : step === 'review'
            ? 'Review before saving'
            : held
              ? // Not "held": the request below says where it stands, approved or not.
                'Approval'
              : 'Saved'}
      </h2>
      {step === 'edit' && (
        <AddressForm
          form={form}
          allowTestnet={allowTestnet}
          cancelTo={returnTo ?? '/addresses'}
          existingNotice={<ExistingEntryNotice form={form} loadedFrom={loadedFrom} />}
          onReview={(request) => {
            setBody(request);
            setLookAlikeConfirmed(false);
            save.reset();
            setStep('review');
          }}
        />
      )}
      {step === 'review' && body?.address !== undefined && (
        <LookAlikeConfirm
          address={body.address}
          confirmed={lookAlikeConfirmed}
          onConfirmedChange={setLookAlikeConfirmed}
        />
      )}
      {step === 'review' && body && (
        <AddressReview
          body={body}
          saveBlocked={
            lookAlikes.length > 0 && !lookAlikeConfirmed
              ? 'Confirm above that you checked the look-alike address with the recipient.'
              : undefined
          }
          existing={existing}
          saving={save.isPending}
          saveError={saveError ? save.error : undefined}
          onBack={() => setStep('edit')}
          onSave={() => {
            form.clearErrors('root');
            save.mutate(body);
          }}
        />
      )}
      {step === 'saved' && held && (
        <HeldAddressResult
          approval={held}
          actions={
            <>
              {/* The withdrawal that sent the operator here waits with its ref_id: it goes once
                  the address is approved (and out of its cooling-off), and says so until then. */}
              {returnTo && (
                <Link className={buttonClassName('primary')} to={returnTo}>
                  Back to the withdrawal
                </Link>
              )}
              <Button
                onClick={() => {
                  form.reset(EMPTY_ADDRESS_FORM);
                  save.reset();
                  setBody(undefined);
                  setHeld(undefined);
                  setStep('edit');
                  void navigate('/addresses/new');
                }}
              >
                Save another address
              </Button>
            </>
          }
        />
      )}
      {step === 'saved' && saved && body && (
        <SavedAddress
          saved={saved}
          network={body.crypto_network ?? ''}
          returnTo={returnTo}
          canWithdraw={canWithdraw}
          onSaveAnother={() => {
            form.reset(EMPTY_ADDRESS_FORM);
            save.reset();
            setBody(undefined);
            setSaved(undefined);
            setStep('edit');
            void navigate('/addresses/new');
          }}
        />
      )}
    </div>
  );
}
