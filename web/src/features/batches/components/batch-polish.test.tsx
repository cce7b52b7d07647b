import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';
import { BatchErrorList } from './batch-error-list';

afterEach(cleanup);

// Issue 42 item 13: "Drop this row" was named "Drop the row on line 4" (label not in name).
describe('batch polish', () => {
  it('names "Drop this row" with its visible words first, the line after', () => {
    render(
      <BatchErrorList
        errors={[{ line: 4, column: 'amount', message: 'Required' }]}
        rowOfLine={() => 3}
        onDrop={() => undefined}
      />,
    );
    screen.getByRole('button', { name: 'Drop this row (line 4)' });
  });
});
