/**
 * Splits an address into groups of four characters so an operator can compare it with the
 * recipient's copy group by group (a swapped character in the middle is easy to miss otherwise).
 */
export function groupAddress(address: string, size = 4): string[] {
  // A hex address's "0x" is a prefix, not part of the key: it stands alone so the groups line up
  // with the hex digits the way wallets and explorers show them ("0x 8Cf7 98A5 …").
  const prefix = /^0x/i.test(address) && address.length > 2 ? address.slice(0, 2) : '';
  const groups: string[] = prefix ? [prefix] : [];
  for (let i = prefix.length; i < address.length; i += size)
    groups.push(address.slice(i, i + size));
  return groups;
}
