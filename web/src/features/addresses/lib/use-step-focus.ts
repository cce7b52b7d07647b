import { useCallback, useEffect, useRef } from 'react';
import type { Path } from 'react-hook-form';
import type { AddressFormApi, AddressFormValues } from './address-form-values';

/** The address editor's steps: details, review, and saved (or held for approval). */
export type EditorStep = 'edit' | 'review' | 'saved';

/**
 * Each step change moves the focus to the step's heading (or to the field the server refused),
 * so keyboard and screen-reader users land where the page changed. Not on the first render, and
 * not on the saved step when the operator is about to go back to a withdrawal. The field to focus
 * is kept in a ref, taken by the step change it came with. It was state: clearing it ran the
 * effect once more, and that run's branch (no field) focuses the heading; the e2e test of a
 * refusal once found the Address field not focused (a fresh-clone CI run on a slow machine).
 */
export function useStepFocus(form: AddressFormApi, step: EditorStep, returnTo: string | undefined) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const focusField = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const field = focusField.current;
    focusField.current = undefined;
    if (step === 'edit' && field) {
      try {
        form.setFocus(field as Path<AddressFormValues>);
      } catch {
        heading.current?.focus();
      }
      return;
    }
    if (step !== 'saved' || !returnTo) heading.current?.focus();
  }, [step, form, returnTo]);

  /** The field the next step change focuses instead of the heading (set before the change). */
  const setFocusField = useCallback((field: string | undefined) => {
    focusField.current = field;
  }, []);
  return { heading, setFocusField };
}
