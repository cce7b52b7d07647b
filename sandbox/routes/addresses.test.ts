import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCryptoDestinationAddressResponseSchema } from '#contract/destination-addresses';
import { ProblemSchema } from '#contract/problem';
import { SCOPES } from '#contract/scopes';
import { SAMPLE_ADDRESSES } from '../seed/sample-addresses';
import { SEED_IDS } from '../seed/seed';
import { startTestSandbox, type TestSandbox } from '../testing/test-support';

// PUT /v2/transfer/crypto-destination-address: upsert by (network, address, identity) or by id.

const PATH = '/v2/transfer/crypto-destination-address';
const SEEDED_TREASURY_ID = '6f1e2d3c-4b5a-4968-8776-655443322110';
/** Travel Rule data an update by id sends, and the answer carries back as it was sent. */
const DANA_AT_A_VASP = {
  beneficiary: {
    person_details: {
      first_name: 'Dana',
      last_name: 'Doe',
      physical_address: { country: 'DEU', city: 'Berlin', zip_code: '10115' },
    },
  },
  custodian_type: 'VASP',
  vasp: { custom_vasp_name: 'X Exchange', custom_vasp_website: 'x.example' },
  transfer_purpose: 'Payout',
};

describe('PUT /v2/transfer/crypto-destination-address', () => {
  let t: TestSandbox;
  let token: string;
  beforeAll(async () => {
    t = await startTestSandbox();
    token = await t.token([SCOPES.putCryptoDestinationAddress]);
  });
  afterAll(() => t.close());

  async function put(body: unknown) {
    const res = await t.call('PUT', PATH, { token, body });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return PutCryptoDestinationAddressResponseSchema.parse(res.body).address;
  }

  async function refused(body: unknown, status = 400, headers?: Record<string, string>) {
    const res = await t.call('PUT', PATH, { token, body, headers });
    expect(res.status, res.text).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    return ProblemSchema.parse(res.body);
  }

  it('creates an address with a generated nickname, bookmarked false and every response field', async () => {
    const before = Date.now();
    const a = await put({ crypto_network: 'SOLANA', address: SAMPLE_ADDRESSES.solanaB });
    expect(a).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      address: SAMPLE_ADDRESSES.solanaB,
      crypto_network: 'SOLANA',
      bookmarked: false,
      status: 'APPROVED',
      policy_execution_id: expect.any(String),
    });
    expect(a.nickname).toMatch(/^Solana /);
    expect(a.nickname).toContain(SAMPLE_ADDRESSES.solanaB.slice(0, 6));
    expect(Date.parse(a.created_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(a).not.toHaveProperty('identity_id');
    expect(a).not.toHaveProperty('travelrule_metadata');
  });

  it('keeps a given nickname and bookmark on creation', async () => {
    const a = await put({
      crypto_network: 'BITCOIN',
      address: SAMPLE_ADDRESSES.bitcoinTaproot,
      nickname: 'Cold storage',
      bookmarked_status: true,
    });
    expect(a.nickname).toBe('Cold storage');
    expect(a.bookmarked).toBe(true);
  });

  it('upserts by (crypto_network, address): the same entry, only the given fields changed', async () => {
    const first = await put({ crypto_network: 'ETHEREUM', address: SAMPLE_ADDRESSES.evmC });
    const second = await put({
      crypto_network: 'ETHEREUM',
      address: SAMPLE_ADDRESSES.evmC,
      nickname: 'Renamed',
      travelrule_metadata: { beneficiary: { self: true }, custodian_type: 'PRIVATE' },
    });
    expect(second.id).toBe(first.id);
    expect(second.created_at).toBe(first.created_at);
    expect(second.nickname).toBe('Renamed');
    expect(second.bookmarked).toBe(false);
    expect(second.travelrule_metadata).toEqual({
      beneficiary: { self: true },
      custodian_type: 'PRIVATE',
    });
    // One wallet written in another case (EVM hex is case-insensitive) is the same entry.
    const lower = await put({
      crypto_network: 'ETHEREUM',
      address: SAMPLE_ADDRESSES.evmC.toLowerCase(),
      bookmarked_status: true,
    });
    expect(lower.id).toBe(first.id);
    expect(lower.nickname).toBe('Renamed');
    expect(lower.bookmarked).toBe(true);
    // The same address on another network is another entry.
    const onBase = await put({ crypto_network: 'BASE', address: SAMPLE_ADDRESSES.evmC });
    expect(onBase.id).not.toBe(first.id);
  });

  it('scopes the key by identity_id', async () => {
    const key = { crypto_network: 'LITECOIN', address: SAMPLE_ADDRESSES.litecoinSegwit };
    const none = await put(key);
    const alice = await put({ ...key, identity_id: SEED_IDS.identityAlice });
    const bob = await put({ ...key, identity_id: SEED_IDS.identityBob });
    const aliceAgain = await put({ ...key, identity_id: SEED_IDS.identityAlice, nickname: 'A' });
    expect(new Set([none.id, alice.id, bob.id]).size).toBe(3);
    expect(alice.identity_id).toBe(SEED_IDS.identityAlice);
    expect(aliceAgain.id).toBe(alice.id);
    expect(aliceAgain.identity_id).toBe(SEED_IDS.identityAlice);
  });

  it('updates by id', async () => {
    const created = await put({ crypto_network: 'STELLAR', address: SAMPLE_ADDRESSES.stellarB });
    const updated = await put({
      id: created.id,
      bookmarked_status: true,
      travelrule_metadata: DANA_AT_A_VASP,
    });
    expect(updated).toMatchObject({
      id: created.id,
      address: SAMPLE_ADDRESSES.stellarB,
      crypto_network: 'STELLAR',
      nickname: created.nickname,
      bookmarked: true,
      travelrule_metadata: DANA_AT_A_VASP,
    });
    expect(updated.policy_execution_id).not.toBe(created.policy_execution_id);
  });

  it('answers a seeded address by id with its Travel Rule metadata', async () => {
    const a = await put({ id: SEEDED_TREASURY_ID });
    expect(a).toMatchObject({
      id: SEEDED_TREASURY_ID,
      address: SAMPLE_ADDRESSES.evmA,
      nickname: 'Treasury cold wallet',
      bookmarked: true,
      travelrule_metadata: {
        beneficiary: { institution_details: { name: 'Example Treasury LLC' } },
      },
    });
  });

  it('refuses id together with the key, and an unknown id with 404', async () => {
    const both = await refused({
      id: SEEDED_TREASURY_ID,
      crypto_network: 'ETHEREUM',
      address: SAMPLE_ADDRESSES.evmA,
    });
    expect(both.detail).toContain('address: Give either id or address, not both');
    expect(both.detail).toContain('crypto_network: Give either id or crypto_network, not both');
    const unknown = await refused({ id: 'no-such-address' }, 404);
    expect(unknown.title).toBe('Not Found');
  });

  it.each([
    ['no network', { address: SAMPLE_ADDRESSES.evmA }, 'crypto_network'],
    ['no address', { crypto_network: 'ETHEREUM' }, 'address'],
    ['an unknown network', { crypto_network: 'APTOS', address: 'D5x' }, 'crypto_network'],
    [
      'an unknown field',
      { crypto_network: 'BASE', address: SAMPLE_ADDRESSES.evmB, color: 'red' },
      'Unrecognized key: "color"',
    ],
    [
      'a nickname that is not a string',
      { crypto_network: 'BASE', address: SAMPLE_ADDRESSES.evmB, nickname: 7 },
      'nickname',
    ],
    [
      'two kinds of beneficiary',
      {
        crypto_network: 'BASE',
        address: SAMPLE_ADDRESSES.evmB,
        travelrule_metadata: {
          beneficiary: { self: true, institution_details: { name: 'Acme' } },
        },
      },
      'travelrule_metadata.beneficiary',
    ],
  ] as const)('400 Bad Request for %s', async (_name, body, path) => {
    const problem = await refused(body);
    expect(problem.title).toBe('Bad Request');
    expect(problem.detail).toContain(path);
  });

  // The service's published Travel Rule shape, refused as the service refuses it: an
  // about:blank Bad Request whose detail names the field, and no errors[] array.
  const PERSON = 'travelrule_metadata.beneficiary.person_details';
  const withPerson = (physical_address: Record<string, unknown>) => ({
    crypto_network: 'BASE',
    address: SAMPLE_ADDRESSES.evmB,
    travelrule_metadata: {
      beneficiary: { person_details: { first_name: 'Ana', last_name: 'Lima', physical_address } },
    },
  });
  it.each([
    [
      'a physical address without a country',
      withPerson({ city: 'Lisbon' }),
      `${PERSON}.physical_address.country: `,
    ],
    [
      'a two-letter country',
      withPerson({ country: 'PT' }),
      `${PERSON}.physical_address.country: Use a three-letter`,
    ],
    [
      'the old country_code name',
      withPerson({ country: 'PRT', country_code: 'PT' }),
      'country_code',
    ],
    [
      'an address line of 36 characters',
      withPerson({ country: 'PRT', address1: 'A'.repeat(36) }),
      `${PERSON}.physical_address.address1: At most 35 characters`,
    ],
    [
      'an address line with "é"',
      withPerson({ country: 'PRT', address1: 'Rua José Falcão 1' }),
      `${PERSON}.physical_address.address1: The service does not take “é”`,
    ],
    [
      'a vasp with both an id and a custom name',
      {
        crypto_network: 'BASE',
        address: SAMPLE_ADDRESSES.evmB,
        travelrule_metadata: {
          custodian_type: 'VASP',
          vasp: { id: 'vasp-coinbase', custom_vasp_name: 'Coinbase' },
        },
      },
      'travelrule_metadata.vasp.id: Give either the directory id or a custom name and website',
    ],
    [
      'the old vasp.name',
      {
        crypto_network: 'BASE',
        address: SAMPLE_ADDRESSES.evmB,
        travelrule_metadata: { custodian_type: 'VASP', vasp: { name: 'Coinbase' } },
      },
      'Unrecognized key: "name"',
    ],
    [
      'a VASP custodian without a vasp',
      {
        crypto_network: 'BASE',
        address: SAMPLE_ADDRESSES.evmB,
        travelrule_metadata: { custodian_type: 'VASP' },
      },
      'travelrule_metadata.vasp: Name the VASP',
    ],
  ] as const)('400 like the service for %s', async (_name, body, detail) => {
    const res = await t.call('PUT', PATH, { token, body });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = res.body as Record<string, unknown>;
    expect(problem).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
    expect(problem.detail).toContain(detail);
    expect(problem).not.toHaveProperty('errors');
  });

  // Issue 25, item 4: the published schema puts no pattern on names, only on address lines.
  it('saves names as typed: accents and other scripts are kept', async () => {
    const res = await t.call('PUT', PATH, {
      token,
      body: {
        crypto_network: 'BASE',
        address: SAMPLE_ADDRESSES.evmB,
        travelrule_metadata: {
          beneficiary: {
            person_details: { first_name: 'Jürgen', last_name: 'Müller-Lüdenscheidt' },
          },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      address: {
        travelrule_metadata: {
          beneficiary: {
            person_details: { first_name: 'Jürgen', last_name: 'Müller-Lüdenscheidt' },
          },
        },
      },
    });
  });

  it('saves the published shape with every GeographicAddress line at 35 characters', async () => {
    const line = 'Rua Jose Falcao, 1 (2 Esq.) A/B & C'; // 35 characters of the allowed set
    expect(line).toHaveLength(35);
    const a = await put(
      withPerson({
        country: 'PRT',
        address1: line,
        address2: line,
        city: 'Lisboa',
        province: 'Lisboa',
        zip_code: '1000-001',
      }),
    );
    expect(a.travelrule_metadata?.beneficiary?.person_details?.physical_address).toEqual({
      country: 'PRT',
      address1: line,
      address2: line,
      city: 'Lisboa',
      province: 'Lisboa',
      zip_code: '1000-001',
    });
  });

  it.each([
    ['a Bitcoin address on ETHEREUM', 'ETHEREUM', SAMPLE_ADDRESSES.bitcoinSegwit],
    ['an Ethereum address on BITCOIN', 'BITCOIN', SAMPLE_ADDRESSES.evmA],
    ['a Bitcoin address on LITECOIN', 'LITECOIN', SAMPLE_ADDRESSES.bitcoinP2pkh],
    ['a broken EIP-55 checksum', 'ETHEREUM', SAMPLE_ADDRESSES.evmA.replace('8Cf7', '8cF7')],
    ['a Stellar key with a bad checksum', 'STELLAR', `${SAMPLE_ADDRESSES.stellarA.slice(0, -1)}A`],
    ['garbage', 'SOLANA', 'not-an-address'],
  ])('400 Unsupported Address for %s', async (_name, network, address) => {
    const problem = await refused({ crypto_network: network, address });
    expect(problem.title).toBe('Unsupported Address');
    expect(problem.detail).toBeTruthy();
    expect(problem).not.toHaveProperty('errors');
  });

  it('accepts testnet forms by default (a sandbox), refuses them with allowTestnet: false', async () => {
    const body = { crypto_network: 'BITCOIN', address: SAMPLE_ADDRESSES.bitcoinTestnet };
    expect((await put(body)).address).toBe(SAMPLE_ADDRESSES.bitcoinTestnet);
    const strict = await startTestSandbox({ allowTestnet: false });
    try {
      const res = await strict.call('PUT', PATH, {
        token: await strict.token([SCOPES.putCryptoDestinationAddress]),
        body,
      });
      expect(res.status).toBe(400);
      expect(ProblemSchema.parse(res.body).title).toBe('Unsupported Address');
    } finally {
      await strict.close();
    }
  });

  it('wants a JSON body', async () => {
    await refused('crypto_network=BASE', 415, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    const problem = await refused('{"crypto_network":', 400);
    expect(problem.detail).toMatch(/not valid JSON/);
  });
});
