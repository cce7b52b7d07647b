// The PostgreSQL schema a bench keeps its tables in (search_path in its DATABASE_URL), apart from
// the application's own: emptied before a measured run, so every run starts from no rows.

async function dropSchemaAndMaybeCreate(
  url: string,
  schema: string,
  create: boolean,
): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    if (create) await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
}

/** Drops `schema` with all in it and makes it again, empty. */
export function emptySchema(url: string, schema: string): Promise<void> {
  return dropSchemaAndMaybeCreate(url, schema, true);
}

/** Drops `schema` with all in it. */
export function dropSchema(url: string, schema: string): Promise<void> {
  return dropSchemaAndMaybeCreate(url, schema, false);
}
