import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

export interface MailboxMessage {
  file: string;
  mail: ParsedMail;
}

/**
 * The `.eml` files of a local mailbox folder (what notifications writes without SMTP_URL),
 * parsed, oldest first. A folder not created yet is an empty mailbox.
 */
export async function readMailbox(directory: string): Promise<MailboxMessage[]> {
  const files = (await readdir(directory).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => ({
      file,
      mail: await simpleParser(await readFile(join(directory, file))),
    })),
  );
}
