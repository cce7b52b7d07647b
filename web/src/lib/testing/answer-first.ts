type Answer = Response | Promise<Response>;
type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** What a test's `vi.fn()` fetch mock offers (its type, as the tests declare it, is wider). */
interface FetchMock {
  getMockImplementation(): unknown;
  mockImplementation(implementation: FetchLike): unknown;
}

/**
 * Puts answers in front of a test's fetch mock: `answer` gets the request (its URL resolved
 * against the page) and returns a response, or undefined to leave it to the answers the mock
 * already had. For a test that changes one or two paths of its file's routing.
 */
export function answerFirst(
  fetchMock: FetchMock,
  answer: (url: URL, init: RequestInit | undefined) => Answer | undefined,
): void {
  const rest = fetchMock.getMockImplementation() as FetchLike;
  fetchMock.mockImplementation(
    async (input: RequestInfo | URL, init?: RequestInit) =>
      (await answer(new URL(String(input), 'http://localhost'), init)) ?? rest(input, init),
  );
}
