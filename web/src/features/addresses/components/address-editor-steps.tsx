import type { Ref } from 'react';
import type { EditorStep } from '../lib/use-step-focus';

const STEPS: readonly { step: EditorStep; label: string }[] = [
  { step: 'edit', label: '1. Details' },
  { step: 'review', label: '2. Review' },
  { step: 'saved', label: '3. Saved' },
];

/**
 * Where the editor is: the step list and the current step's heading (focused on each step change,
 * hence the ref). A save the four-eyes policy holds is not saved yet: its last step says so.
 */
export function AddressEditorSteps({
  step,
  held,
  headingRef,
}: {
  step: EditorStep;
  held: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <>
      <ol className="address-editor-steps" aria-label="Steps">
        {STEPS.map((s) => (
          <li key={s.step} aria-current={s.step === step ? 'step' : undefined}>
            {/* Held, it is not saved yet: the last step says where it is. */}
            {s.step === 'saved' && held ? '3. Approval' : s.label}
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1} className="address-step-heading">
        {step === 'edit'
          ? 'Details'
          : step === 'review'
            ? 'Review before saving'
            : held
              ? // Not "held": the request below says where it stands, approved or not.
                'Approval'
              : 'Saved'}
      </h2>
    </>
  );
}
