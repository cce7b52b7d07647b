import type { Response } from 'express';

/**
 * Writes one chunk of a streamed answer, honouring backpressure: resolves true once the chunk is
 * taken (at once, or on 'drain'), false when the reader went away. Waiting on 'drain' alone would
 * hang forever after a disconnect, so 'close' ends the wait too.
 */
export function writeWithBackpressure(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return Promise.resolve(false);
  if (res.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = done(true);
    const onClose = done(false);
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}
