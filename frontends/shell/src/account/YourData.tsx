import { Button, HttpError, Muted, serverMessage, toast } from '@uapqa/ui';
import { useState } from 'react';

const EXPORT_PATH = '/api/account/export';
const FALLBACK_NAME = 'uap-answers-my-data.json';

/** The file name the server gave in Content-Disposition, or a sensible one. */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? FALLBACK_NAME;
}

/** Hands the browser a file to save, as a link to it clicked would. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click the browser holds the file; the address can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The "Your data" section of `/account`: downloads, as one JSON file, everything the
 * site holds of the member (account, questions and answers, credits and payments, emails).
 */
export function YourData() {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const response = await fetch(EXPORT_PATH, { credentials: 'include' });
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new HttpError(response.status, text, response.statusText);
      }
      save(await response.blob(), fileNameOf(response));
      toast({ title: 'Download ready', description: 'Your data was saved as a JSON file.' });
    } catch (failure) {
      toast({
        title: 'Download failed',
        description:
          serverMessage(failure) ?? 'Your data could not be gathered. Please try again shortly.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Muted style={{ marginTop: 0 }}>
        Download a copy of everything we hold about you: your account and sign-ins, the questions
        you asked with their answers, your credits and payments, and the emails we sent you. It is
        one JSON file, readable by you and by other services.
      </Muted>
      <Button $variant="secondary" onClick={download} disabled={busy} aria-busy={busy}>
        {busy ? 'Preparing your file…' : 'Download my data'}
      </Button>
    </>
  );
}
