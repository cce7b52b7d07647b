import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponseSchema } from '../../../../contract/session';
import { startTestBff, type TestBff } from '../../../test-support/start-test-bff';

describe('GET /api/me', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff();
  });
  afterAll(() => bff.close());

  it('answers the dev operator with every role and the local environment', async () => {
    const res = await bff.request('GET', '/api/me');
    expect(res.status).toBe(200);
    const me = MeResponseSchema.parse(res.body);
    expect(me.roles).toEqual(['viewer', 'address-editor', 'withdrawal-initiator']);
    expect(me.environment).toEqual({ kind: 'local', name: 'Local sandbox', allow_testnet: true });
  });
});
