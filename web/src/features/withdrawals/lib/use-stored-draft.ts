import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { canonicalJson } from '#contract/canonical-json';
import {
  clearDraft,
  initialDraft,
  loadDraft,
  saveDraft,
  type WithdrawalDraft,
} from './withdrawal-draft';
import { EMPTY_WITHDRAWAL_FORM, type WithdrawalFormValues } from './withdrawal-form-model';
import { prefillFromSearch } from './withdrawal-links';

export interface StoredDraft {
  draft: WithdrawalDraft;
  /** The draft as of now, for handlers that run before React re-renders (a submit's answer). */
  draftRef: RefObject<WithdrawalDraft>;
  /** An abandoned draft reopened from this tab (the page says so and offers to discard it). */
  resumed: boolean;
  endResumed: () => void;
  /** Shows and keeps the next draft (sessionStorage survives a reload or a detour). */
  setDraft: (next: WithdrawalDraft) => void;
  /** Keeps the typed values without a re-render (every keystroke of the form). */
  keepValues: (values: WithdrawalFormValues) => void;
  /** The intent is over (or discarded): a reload starts a fresh form. */
  forget: () => void;
}

/** A draft with something in it: reopening it is a resumed withdrawal, and the page says so. */
const hasContent = (draft: WithdrawalDraft) =>
  draft.step === 'review' || canonicalJson(draft.values) !== canonicalJson(EMPTY_WITHDRAWAL_FORM);

/**
 * The withdrawal draft of this tab: the stored one (or the URL's prefill) on arrival, kept in
 * sessionStorage at every change so a reload or the address editor comes back to the same intent.
 */
export function useStoredDraft(): StoredDraft {
  const [search, setSearch] = useSearchParams();
  const [arrival] = useState(() => {
    const stored = loadDraft(sessionStorage);
    const draft = initialDraft(stored, prefillFromSearch(search));
    return { draft, resumed: stored !== undefined && draft === stored && hasContent(stored) };
  });
  const [draft, setDraftState] = useState(arrival.draft);
  const draftRef = useRef(draft);
  const [resumed, setResumed] = useState(arrival.resumed);

  useEffect(() => {
    saveDraft(sessionStorage, draftRef.current);
    // The prefill is now in the draft; the URL goes back to plain, so return_to stays stable.
    if (search.size > 0) setSearch({}, { replace: true });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setDraft = useCallback((next: WithdrawalDraft) => {
    draftRef.current = next;
    saveDraft(sessionStorage, next);
    setDraftState(next);
  }, []);
  const keepValues = useCallback((values: WithdrawalFormValues) => {
    draftRef.current = { ...draftRef.current, values };
    saveDraft(sessionStorage, draftRef.current);
  }, []);
  const forget = useCallback(() => {
    clearDraft(sessionStorage);
    draftRef.current = { values: EMPTY_WITHDRAWAL_FORM, step: 'edit' };
    setDraftState(draftRef.current);
  }, []);
  const endResumed = useCallback(() => setResumed(false), []);
  return { draft, draftRef, resumed, endResumed, setDraft, keepValues, forget };
}
