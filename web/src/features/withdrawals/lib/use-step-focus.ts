import { useEffect, useRef, useState, type RefObject } from 'react';

/** Where focus goes after a step change: the outcome just shown, or the heading of the step. */
type FocusTarget = 'outcome' | 'review' | 'edit';

export interface StepFocus {
  outcomeRef: RefObject<HTMLDivElement | null>;
  reviewHeadingRef: RefObject<HTMLHeadingElement | null>;
  editHeadingRef: RefObject<HTMLHeadingElement | null>;
  focus: (target: FocusTarget | undefined) => void;
}

/**
 * Moves focus to what changed, so a keyboard or screen reader user lands on the new step or the
 * outcome. Focus follows once the step and the outcome it names have rendered.
 */
export function useStepFocus(step: string, outcome: unknown): StepFocus {
  const [target, focus] = useState<FocusTarget | undefined>();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const reviewHeadingRef = useRef<HTMLHeadingElement>(null);
  const editHeadingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (target === 'outcome') outcomeRef.current?.focus();
    else if (target === 'review') reviewHeadingRef.current?.focus();
    else if (target === 'edit') editHeadingRef.current?.focus();
  }, [target, step, outcome]);
  return { outcomeRef, reviewHeadingRef, editHeadingRef, focus };
}
