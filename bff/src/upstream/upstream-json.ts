import type { z } from 'zod';
import type { HttpProblem } from '../http/http-problem';
import {
  readJsonBody,
  UpstreamFailure,
  type Operation,
  type UpstreamCallOptions,
  type UpstreamClient,
} from './upstream-client';
import { malformedUpstream, problemFromFailure, problemFromUpstream } from './upstream-problem';

/**
 * One upstream call whose 200 answer is read through `schema` (tolerantly: the schemas keep
 * unknown fields). Anything else is thrown as the problem to answer: the upstream's own problem,
 * a 502/504 for no answer, or 502 for an answer in an unexpected shape. `notFound` turns a 404
 * into a value (a read by id of something that is not there).
 */
export async function callUpstreamJson<S extends z.ZodType, N = never>(
  upstream: UpstreamClient,
  operation: Operation,
  options: UpstreamCallOptions,
  schema: S,
  notFound?: () => N,
): Promise<z.infer<S> | N> {
  let response;
  try {
    response = await upstream.call(operation, options);
  } catch (error) {
    if (error instanceof UpstreamFailure) throw problemFromFailure(error);
    throw error;
  }
  if (response.status === 404 && notFound) {
    await response.body.dump();
    return notFound();
  }
  if (response.status !== 200) throw await problemFromUpstream(response);
  let body;
  try {
    body = await readJsonBody(response);
  } catch (error) {
    if (error instanceof UpstreamFailure) throw problemFromFailure(error);
    throw error;
  }
  const parsed = body.ok ? schema.safeParse(body.value) : undefined;
  if (!parsed?.success) throw malformedUpstream() as HttpProblem;
  return parsed.data as z.infer<S>;
}
