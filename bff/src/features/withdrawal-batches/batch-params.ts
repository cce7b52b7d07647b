import type { Request } from 'express';
import { HttpProblem } from '#bff/http/http-problem';

const notFound = (detail: string) => new HttpProblem({ title: 'Not Found', status: 404, detail });

/** The batch id from the path: a 404 for anything that cannot be one. */
export function batchIdParam(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!/^[0-9a-f]{24}$/.test(id)) throw notFound(`No withdrawal batch ${id.slice(0, 40)}.`);
  return id;
}

/** The row number from the path. */
export function rowParam(req: Request): number {
  const row = String(req.params.row ?? '');
  if (!/^[1-9][0-9]{0,5}$/.test(row)) throw notFound(`No row ${row.slice(0, 10)}.`);
  return Number(row);
}

export { notFound };
