import { Fragment } from 'react';
import type { PhysicalAddressAnswer, TravelRuleMetadata } from '#contract/destination-addresses';
import { Badge } from '#web/components/ui/badge';
import { isOldFormatPlace, isOldFormatTravelRule } from '../lib/address-form-values';
import { beneficiarySummary, custodySummary, unknownTravelRuleFields } from '../lib/address-labels';
import { countryLabel } from '../lib/countries';
import { CustodyText } from './custody-text';

/** The published lines of a GeographicAddress, then the old names, each in words. */
const PLACE_LINES: readonly [keyof PhysicalAddressAnswer & string, string][] = [
  ['address1', 'Address line 1'],
  ['address2', 'Address line 2'],
  ['street_line_1', 'Street (old format)'],
  ['street_line_2', 'Street, line 2 (old format)'],
  ['city', 'City'],
  ['province', 'Province or state'],
  ['region', 'Region (old format)'],
  ['zip_code', 'ZIP or postal code'],
  ['postal_code', 'Postal code (old format)'],
];

export function OldFormatBadge() {
  return (
    <Badge value="Old format" tones={{ 'Old format': { tone: 'warning', label: 'Old format' } }} />
  );
}

function PlaceDetails({ place }: { place: PhysicalAddressAnswer }) {
  const country = place.country ?? place.country_code;
  return (
    <dl className="detail-list travel-rule-place">
      {PLACE_LINES.filter(([key]) => typeof place[key] === 'string').map(([key, label]) => (
        <Fragment key={key}>
          <dt>{label}</dt>
          <dd>{place[key] as string}</dd>
        </Fragment>
      ))}
      <>
        <dt>
          {place.country === undefined && place.country_code ? 'Country (old format)' : 'Country'}
        </dt>
        <dd>{country ? countryLabel(country) : <span className="muted">Not given</span>}</dd>
      </>
    </dl>
  );
}

function vaspLines(vasp: NonNullable<TravelRuleMetadata['vasp']>): string[] {
  const lines: string[] = [];
  if (vasp.id) lines.push(`Directory id ${vasp.id}${vasp.name ? `: ${vasp.name}` : ''}`);
  else if (vasp.name) lines.push(`${vasp.name} (old format: a name without a directory id)`);
  if (vasp.custom_vasp_name) lines.push(`Not listed: ${vasp.custom_vasp_name}`);
  if (vasp.custom_vasp_website) lines.push(`Website: ${vasp.custom_vasp_website}`);
  return lines;
}

/**
 * Everything the saved address holds of its Travel Rule metadata, as the service answered it:
 * the published fields, the older documentation's names (marked "Old format"), and any field
 * this console does not know, shown raw.
 */
export function TravelRuleDetails({ metadata }: { metadata: TravelRuleMetadata | undefined }) {
  if (!metadata) return <span className="muted">Not given</span>;
  const b = metadata.beneficiary;
  const place = b?.person_details?.physical_address ?? b?.institution_details?.physical_address;
  const unknown = unknownTravelRuleFields(metadata);
  return (
    <div className="stack travel-rule-details">
      {isOldFormatTravelRule(metadata) && (
        <p className="row">
          <OldFormatBadge />
          <span className="muted">
            Saved with the older field names, which the service does not take. Editing shows it in
            the service&apos;s fields, and saving sends those.
          </span>
        </p>
      )}
      <dl className="detail-list">
        <dt>Beneficiary</dt>
        <dd>{beneficiarySummary(metadata) ?? <span className="muted">Not given</span>}</dd>
        {place && (
          <>
            <dt>
              Physical address
              {isOldFormatPlace(place) && (
                <>
                  {' '}
                  <OldFormatBadge />
                </>
              )}
            </dt>
            <dd>
              <PlaceDetails place={place} />
            </dd>
          </>
        )}
        <dt>Held at</dt>
        <dd>
          {custodySummary(metadata) ? (
            <CustodyText metadata={metadata} />
          ) : (
            <span className="muted">Not given</span>
          )}
        </dd>
        {metadata.vasp && (
          <>
            <dt>VASP</dt>
            <dd>
              {vaspLines(metadata.vasp).map((line) => (
                <div key={line}>{line}</div>
              ))}
            </dd>
          </>
        )}
        <dt>Transfer purpose</dt>
        <dd>{metadata.transfer_purpose ?? <span className="muted">Not given</span>}</dd>
        {unknown.map(([path, value]) => (
          <Fragment key={path}>
            <dt className="mono">{path}</dt>
            <dd className="mono">{value}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}
