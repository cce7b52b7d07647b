import '../withdrawal-review/withdrawal-review.css';
import { groupAddress } from './group-address';

/**
 * An address shown in groups of four characters for a group-by-group comparison. Screen readers
 * get the address whole (groups read one by one would be noise).
 */
export function AddressGroups({ address }: { address: string }) {
  return (
    <span className="address-groups mono" aria-label={address} role="text">
      {groupAddress(address).map((group, index) => (
        <span key={index} className="address-groups__group" aria-hidden="true">
          {group}
        </span>
      ))}
    </span>
  );
}
