import { base58 } from '@scure/base';
import { invalidBecause, validForm, type AddressValidation } from './address-validation';
import { BASE58_ALPHABET } from './base58check';

// A Solana address is an ed25519 public key (or a program-derived address) written in base58:
// any 32 bytes. There is no checksum, so only the alphabet and the length can be checked. Devnet
// and testnet use the same form, so a testnet address cannot be told apart.

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

export function validateSolanaAddress(address: string): AddressValidation {
  const bad = [...address].find((c) => !BASE58_ALPHABET.includes(c));
  if (bad !== undefined)
    return invalidBecause(`contains "${bad}", which base58 never uses (no 0, O, I or l)`);
  if (address.length < 32 || address.length > 44)
    return invalidBecause(`a Solana address has 32 to 44 characters; this has ${address.length}`);
  const bytes = base58.decode(address);
  if (bytes.length !== 32)
    return invalidBecause(`decodes to ${bytes.length} bytes; a Solana address is 32 bytes`);
  if (address === SYSTEM_PROGRAM)
    return invalidBecause('this is the System Program, not an account that can receive funds');
  return validForm('base58 public key');
}
