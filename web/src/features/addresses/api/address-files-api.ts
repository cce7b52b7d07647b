import { z } from 'zod';
import { ArchiveAddressResponseSchema, type AddressBookEntry } from '#contract/address-book';
import { AddressImportResponseSchema, type AddressImportResponse } from '#contract/address-import';
import { HeldForApprovalResponseSchema, type HeldForApprovalResponse } from '#contract/approvals';
import { unexpectedResponseProblem } from '#contract/problem';
import { apiRequest } from '#web/lib/api-client';
import { jsonOrUndefined, noAnswerError, refusalError } from '#web/lib/api-fetch';
import { ApiError } from '#web/lib/api-error';
import { apiHeaders } from '#web/lib/early-requests';

/** The book (and the service's saved addresses) in the import's own columns. */
export const ADDRESS_EXPORT_URL = '/api/addresses/export.csv';

/**
 * Sends an address file to the BFF as it is (text/csv): the BFF parses it as a stream
 * (papaparse), so a 5,000-row file never sits whole in its memory. Answers the preview.
 */
export async function uploadAddressFile(file: Blob): Promise<AddressImportResponse> {
  let response: Response;
  try {
    response = await fetch('/api/addresses/import', {
      method: 'POST',
      headers: { ...apiHeaders(false), 'Content-Type': 'text/csv' },
      body: file,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw noAnswerError(error);
  }
  const json = await jsonOrUndefined(response);
  if (!response.ok) throw refusalError(json, response);
  const parsed = AddressImportResponseSchema.safeParse(json);
  if (!parsed.success) throw new ApiError(unexpectedResponseProblem(), response.headers);
  return parsed.data;
}

/** Saves the previewed rows (each through the editor's path; the policy may hold each). */
export async function applyAddressImport(
  id: string,
  confirmLookAlikes: boolean,
): Promise<AddressImportResponse> {
  const { data } = await apiRequest(`/api/addresses/import/${encodeURIComponent(id)}/apply`, {
    method: 'POST',
    body: { confirm_look_alikes: confirmLookAlikes },
    schema: AddressImportResponseSchema,
  });
  return data;
}

/**
 * A page of an import's rows from `after` (`limit`: the BFF's page when absent); held rows come
 * with their approval requests' states as they are now.
 */
export async function addressImportRows(id: string, after: number, limit?: number) {
  const { data } = await apiRequest(`/api/addresses/import/${encodeURIComponent(id)}`, {
    query: limit === undefined ? { after } : { after, limit },
    schema: AddressImportResponseSchema,
  });
  return data;
}

/**
 * Archives an entry of the book (out of use: hidden from pickers, withdrawals to it refused), or
 * brings it back: the entry, or the request holding its return for an address approver (202)
 * when the policy holds address changes.
 */
export async function archiveAddress(
  key: string,
  archived: boolean,
): Promise<{ address: AddressBookEntry } | HeldForApprovalResponse> {
  const { data } = await apiRequest('/api/addresses/archive', {
    method: 'POST',
    body: { key, archived },
    schema: z.union([HeldForApprovalResponseSchema, ArchiveAddressResponseSchema]),
  });
  return data;
}
