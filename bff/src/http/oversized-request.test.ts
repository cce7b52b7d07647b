import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { createRecordingStore } from '#bff-test/recording-store';
import { testBffForSuite } from '#bff-test/test-bff-for-suite';

/** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.write(request);
  });
}

function parseAnswer(answer: string): { status: number; headers: string; body: unknown } {
  const split = answer.indexOf('\r\n\r\n');
  const head = answer.slice(0, split);
  return {
    status: Number(head.split(' ')[1]),
    headers: head.toLowerCase(),
    body: JSON.parse(answer.slice(split + 4)),
  };
}

describe('oversized requests', () => {
  const bff = testBffForSuite(() => ({ deps: { store: createRecordingStore() } }));

  it('headers over Node’s limit get a 431 problem+json, not a bare status line', async () => {
    const host = new URL(bff.url).host;
    const answer = await raw(
      bff.url,
      `GET /api/me HTTP/1.1\r\nHost: ${host}\r\nX-CSRF: 1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const { status, headers, body } = parseAnswer(answer);
    expect(status).toBe(431);
    expect(headers).toContain('content-type: application/problem+json');
    expect(headers).toMatch(/x-request-id: [0-9a-f-]{36}/);
    expect(ProblemSchema.parse(body)).toMatchObject({
      status: 431,
      title: 'Request Header Fields Too Large',
    });
    expect(bff.sandbox.stats().requests).toEqual({});
  });

  it('a URL over Node’s header limit is a 431 problem too', async () => {
    const host = new URL(bff.url).host;
    const answer = await raw(
      bff.url,
      `GET /api/statements?customer_id=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    );
    expect(parseAnswer(answer).status).toBe(431);
  });

  it('a request line that is not HTTP is a 400 problem', async () => {
    const { status, body } = parseAnswer(await raw(bff.url, 'HELLO\r\n\r\n'));
    expect(status).toBe(400);
    expect(ProblemSchema.parse(body).status).toBe(400);
  });

  it('a URL longer than the app reads is a 414 problem, before any route or upstream call', async () => {
    bff.sandbox.reset();
    const res = await bff.request('GET', `/api/statements?customer_id=${'x'.repeat(9_000)}`);
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(ProblemSchema.parse(res.body).title).toBe('URI Too Long');
    expect(bff.sandbox.stats().requests).toEqual({});
  });
});
