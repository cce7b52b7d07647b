import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { createRecordingStore } from '#bff-test/recording-store';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { testBffForSuite } from '#bff-test/test-bff-for-suite';

// The contract's validators are the BFF's final word: an address they refuse is a 400 problem
// naming the cause, and nothing reaches the upstream.

const putCalls = (bff: TestBff) =>
  bff.sandbox.stats().requests['PUT /v2/transfer/crypto-destination-address'] ?? 0;

async function put(bff: TestBff, crypto_network: string, address: string) {
  const res = await bff.request('PUT', '/api/addresses', { body: { crypto_network, address } });
  const problem = ProblemSchema.parse(res.body);
  return {
    status: res.status,
    message: problem.errors?.find((e) => e.path === 'address')?.message,
  };
}

describe('PUT /api/addresses refuses addresses the validators reject', () => {
  const bff = testBffForSuite(() => ({ deps: { store: createRecordingStore() } }));

  it('names an EIP-55 checksum mismatch', async () => {
    // EIP-55's own vector with the case of one letter flipped (A -> a in "5aAeb").
    const result = await put(bff, 'ETHEREUM', '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/EIP-55 checksum mismatch/);
    expect(putCalls(bff)).toBe(0);
  });

  it('names a Bitcoin address typed for Litecoin', async () => {
    const result = await put(bff, 'LITECOIN', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/Bitcoin address, but LITECOIN is selected/);
    expect(putCalls(bff)).toBe(0);
  });
});

describe('in production, testnet addresses are refused', () => {
  const bff = testBffForSuite(() => ({
    deps: {
      store: createRecordingStore(),
      environment: { kind: 'production', name: 'Production', allow_testnet: false },
    },
  }));

  it('refuses a Bitcoin testnet address with the reason', async () => {
    const result = await put(bff, 'BITCOIN', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/testnet/);
    expect(putCalls(bff)).toBe(0);
  });
});

describe('PUT /api/addresses holds Travel Rule data to the service’s published shape', () => {
  let bff: TestBff;
  let store: ReturnType<typeof createRecordingStore>;
  beforeAll(async () => {
    store = createRecordingStore();
    bff = await startTestBff({ deps: { store } });
  });
  afterAll(() => bff.close());

  const PERSON = 'travelrule_metadata.beneficiary.person_details';
  const body = (travelrule_metadata: unknown) => ({
    crypto_network: 'ETHEREUM',
    address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
    travelrule_metadata,
  });
  const person = (extra: Record<string, unknown>) => ({
    beneficiary: { person_details: { first_name: 'Ana', last_name: 'Lima', ...extra } },
  });

  it.each([
    [
      'no country',
      person({ physical_address: { city: 'Lisboa' } }),
      `${PERSON}.physical_address.country`,
      /expected string/,
    ],
    [
      'a two-letter country',
      person({ physical_address: { country: 'PT' } }),
      `${PERSON}.physical_address.country`,
      /three-letter/,
    ],
    [
      'a 36-character line',
      person({ physical_address: { country: 'PRT', address1: 'A'.repeat(36) } }),
      `${PERSON}.physical_address.address1`,
      /At most 35/,
    ],
    [
      '"é" in a line',
      person({ physical_address: { country: 'PRT', city: 'Évora' } }),
      `${PERSON}.physical_address.city`,
      /does not take “É”/,
    ],
    [
      'a control character in a name (names go as typed, but safe)',
      { beneficiary: { person_details: { first_name: 'Jo\u0007sé', last_name: 'Lima' } } },
      `${PERSON}.first_name`,
      /control character/,
    ],
    [
      'a VASP with an id and a custom name',
      { custodian_type: 'VASP', vasp: { id: 'v-1', custom_vasp_name: 'X' } },
      'travelrule_metadata.vasp.id',
      /not both/,
    ],
    [
      'the old street_line_1',
      person({ physical_address: { country: 'PRT', street_line_1: 'x' } }),
      `${PERSON}.physical_address`,
      /street_line_1/,
    ],
    [
      'the old vasp.name',
      { custodian_type: 'VASP', vasp: { name: 'Kraken' } },
      'travelrule_metadata.vasp',
      /"name"/,
    ],
  ])('400 naming the field for %s; nothing forwarded', async (_name, metadata, path, message) => {
    const before = putCalls(bff);
    const res = await bff.request('PUT', '/api/addresses', { body: body(metadata) });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = ProblemSchema.parse(res.body);
    expect(problem.errors).toContainEqual({ path, message: expect.stringMatching(message) });
    expect(putCalls(bff)).toBe(before);
  });

  // Issue 25, item 4: the published schema restricts only the address lines, not names.
  it('forwards names as typed, accents and all', async () => {
    const named = { beneficiary: { person_details: { first_name: 'José', last_name: 'Müller' } } };
    const res = await bff.request('PUT', '/api/addresses', {
      body: {
        crypto_network: 'BASE',
        address: '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318',
        travelrule_metadata: named,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ address: { travelrule_metadata: named } });
  });

  it('forwards an update by the saved address’s id, and records it in the address book', async () => {
    const created = await bff.request('PUT', '/api/addresses', {
      body: { crypto_network: 'BASE', address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc' },
    });
    expect(created.status).toBe(200);
    const id = (created.body as { address: { id: string } }).address.id;
    const updated = await bff.request('PUT', '/api/addresses', {
      body: {
        id,
        travelrule_metadata: person({ physical_address: { country: 'PRT', city: 'Lisboa' } }),
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      address: {
        id,
        crypto_network: 'BASE',
        travelrule_metadata: person({ physical_address: { country: 'PRT', city: 'Lisboa' } }),
      },
    });
    expect(store.saved.at(-1)?.address).toMatchObject({ id, crypto_network: 'BASE' });
    const both = await bff.request('PUT', '/api/addresses', {
      body: { id, crypto_network: 'BASE' },
    });
    expect(both.status).toBe(400);
  });
});
