// Where a destination is saved, in one wording for the withdrawal form, its review and the
// approval (issue 26 item 8): an address saved only at the service was "Not in the address book"
// on the form and "Saved as …" on the review.

/** What the console knows of where a destination is saved. */
interface DestinationHolding {
  /** The console's address book holds it (its nickname, if any). */
  book?: { nickname?: string | undefined } | undefined;
  /** The service holds it, saved elsewhere (its nickname, if any). */
  service?: { nickname?: string | undefined } | undefined;
  /** The service's saved addresses could not be read. */
  serviceUnread?: boolean | undefined;
}

const named = (nickname: string | undefined) => (nickname ? `“${nickname}”` : 'unnamed');

/** The one sentence for where a destination is saved. */
export function destinationStateWords(holding: DestinationHolding): string {
  if (holding.book) return `Saved in the address book as ${named(holding.book.nickname)}`;
  if (holding.service)
    return `Saved at the service as ${named(holding.service.nickname)} (not through this console)`;
  if (holding.serviceUnread)
    return 'Not in the address book; the service’s saved addresses could not be read';
  return 'Not saved: neither in the address book nor at the service';
}
