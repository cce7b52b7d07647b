import { useEffect, useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import type { AddressFormApi, AddressFormValues } from './address-form-values';

/** The address editor's steps: details, review, and saved (or held for approval). */
export type EditorStep = 'edit' | 'review' | 'saved';

/**
 * Each step change moves the focus to the step's heading (or to the field the server refused),
 * so keyboard and screen-reader users land where the page changed. Not on the first render, and
 * not on the saved step when the operator is about to go back to a withdrawal.
 */
export function useStepFocus(form: AddressFormApi, step: EditorStep, returnTo: string | undefined) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const [focusField, setFocusField] = useState<string | undefined>();

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

  return { heading, setFocusField };
}
