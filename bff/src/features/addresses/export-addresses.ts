import type { RequestHandler } from 'express';
import { ExportAddressesQuerySchema } from '#contract/address-book';
import { ADDRESS_CSV_HEADER, addressCsvLine, addressCsvRecord } from '#contract/address-csv';
import { fieldErrorsFromZod } from '#contract/problem';
import { badRequest } from '#bff/http/http-problem';
import { writeWithBackpressure } from '#bff/http/write-with-backpressure';
import type { Logger } from '#bff/logger';
import type { AddressBook } from '#bff/store/address-book-port';
import { UNREAD, type ServiceAddressReader } from '#bff/upstream/service-address-reader';

const PAGE = 200;

interface ExportDeps {
  store: { addressBook: AddressBook };
  /** The service's saved addresses (absent, or unread: the book only, and the file says so). */
  serviceAddresses?: Pick<ServiceAddressReader, 'all'> | undefined;
  logger: Logger;
}

/**
 * GET /api/addresses/export.csv[?archived=include|only][&source=book]: the address book in the
 * import's own columns (contract/address-csv.ts, with the formula guard; the book's destination
 * memo too), then the service's
 * saved addresses the book does not hold, so exporting then importing is a round trip (a
 * service address whose Travel Rule data the service holds incomplete comes back as an invalid
 * row naming what is missing: the import sends only what the editor would). Streamed page by page.
 */
export function exportAddressesCsv(deps: ExportDeps): RequestHandler {
  return async (req, res) => {
    const query = ExportAddressesQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The export filters are not valid.', fieldErrorsFromZod(query.error));
    const archived = query.data.archived ?? 'exclude';
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="address-book.csv"');
    if (!(await writeWithBackpressure(res, ADDRESS_CSV_HEADER))) return;
    let after = '';
    for (;;) {
      const page = await deps.store.addressBook.page(after, PAGE, archived);
      const text = page
        .map((entry) =>
          addressCsvLine(addressCsvRecord(entry.crypto_network, entry.upstream, entry.memo)),
        )
        .join('');
      if (text && !(await writeWithBackpressure(res, text))) return;
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.key;
    }
    if (archived === 'only' || query.data.source === 'book') return void res.end();
    const service = deps.serviceAddresses ? await deps.serviceAddresses.all() : UNREAD;
    if (service === UNREAD) {
      deps.logger.warn('address export without the service’s saved addresses (unread)');
      return void res.end();
    }
    for (const saved of service) {
      const network = saved.crypto_network;
      if (!network) continue;
      // The book's entries are written above (archived ones are the operator's choice to leave out).
      const inBook = await deps.store.addressBook.find(network, saved.address, saved.identity_id);
      if (inBook) continue;
      if (!(await writeWithBackpressure(res, addressCsvLine(addressCsvRecord(network, saved)))))
        return;
    }
    res.end();
  };
}
