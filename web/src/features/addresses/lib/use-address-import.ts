import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AddressImportResponse } from '#contract/address-import';
import { addressKeys } from '../api/address-api';
import { addressImportRows, applyAddressImport, uploadAddressFile } from '../api/address-files-api';

/** The most rows one read answers (AddressImportRowsQuerySchema's limit). */
const ROWS_READ_MAX = 500;

/**
 * An address file's preview and what can be done with it: upload (a new preview), apply, read
 * more rows, and read the shown rows again (what each held row's request came to since).
 */
export function useAddressImport() {
  const [preview, setPreview] = useState<AddressImportResponse | undefined>();
  const queryClient = useQueryClient();
  const upload = useMutation({ mutationFn: uploadAddressFile, onSuccess: setPreview });
  const apply = useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: boolean }) =>
      applyAddressImport(id, confirm),
    onSuccess: (answer) => {
      setPreview(answer);
      void queryClient.invalidateQueries({ queryKey: addressKeys.all });
    },
  });
  const more = useMutation({
    mutationFn: ({ id, after }: { id: string; after: number }) => addressImportRows(id, after),
    onSuccess: (page) =>
      setPreview((current) =>
        current ? { ...page, rows: [...current.rows, ...page.rows] } : page,
      ),
  });
  // The rows shown so far, read again: what each held row's request came to since.
  const recheck = useMutation({
    mutationFn: ({ id, rows }: { id: string; rows: number }) =>
      addressImportRows(id, 0, Math.min(Math.max(rows, 1), ROWS_READ_MAX)),
    onSuccess: (page) => {
      setPreview((current) => (current?.import.id === page.import.id ? page : current));
      void queryClient.invalidateQueries({ queryKey: addressKeys.all });
    },
  });
  return { preview, setPreview, upload, apply, more, recheck };
}
