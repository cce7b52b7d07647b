/**
 * Splits an address into groups of four characters so an operator can compare it with the
 * recipient's copy group by group (a swapped character in the middle is easy to miss otherwise).
 */
export function groupAddress(address: string, size = 4): string[] {
  const groups: string[] = [];
  for (let i = 0; i < address.length; i += size) groups.push(address.slice(i, i + size));
  return groups;
}
