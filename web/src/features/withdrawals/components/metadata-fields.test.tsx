import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_WITHDRAWAL_FORM, type WithdrawalFormValues } from '../lib/withdrawal-form-model';
import { MetadataFields } from './metadata-fields';

afterEach(cleanup);

function Harness() {
  const form = useForm<WithdrawalFormValues>({ defaultValues: EMPTY_WITHDRAWAL_FORM });
  return (
    <MetadataFields
      control={form.control}
      register={form.register}
      errors={form.formState.errors}
    />
  );
}

describe('MetadataFields', () => {
  it('counts the pairs left for the operator’s own keys (the console keeps three)', () => {
    render(<Harness />);
    screen.getByText('3 of 3 pairs left for your own keys');
    screen.getByText(/aoc_initiated_by, aoc_approved_by, aoc_request_id/);
    const add = screen.getByRole('button', { name: 'Add metadata pair' });
    fireEvent.click(add);
    screen.getByText('2 of 3 pairs left for your own keys');
    fireEvent.click(add);
    fireEvent.click(add);
    screen.getByText('0 of 3 pairs left for your own keys');
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove metadata pair 3' }));
    screen.getByText('1 of 3 pairs left for your own keys');
  });
});
