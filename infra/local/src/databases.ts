import postgres from 'postgres';

/** Creates each service's database on the server if it does not exist; returns their URLs. */
export async function ensureDatabases(
  serverUrl: string,
  names: string[],
): Promise<Record<string, string>> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const urls: Record<string, string> = {};
  try {
    for (const name of names) {
      const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
      if (!exists) await admin.unsafe(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      urls[name] = url.toString();
    }
  } finally {
    await admin.end();
  }
  return urls;
}
