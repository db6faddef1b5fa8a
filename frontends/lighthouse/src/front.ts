import { createHash, createPublicKey } from 'node:crypto';
import { localhostCertificate, startNginx } from '@uapqa/load-tests/nginx';
import { freePort } from '@uapqa/service-kit/testing';

/** The TLS front the pages are audited through, and how Chrome is told to trust it. */
export interface TlsFront {
  /** `https://localhost:<port>`, proxied to the stack. */
  url: string;
  /** The base64 SHA-256 of the certificate's public key, for `--ignore-certificate-errors-spki-list`. */
  spki: string;
  stop(): Promise<void>;
}

/**
 * nginx with TLS and HTTP/2 in front of the stack, as the Ingress is in front of the gateway
 * when deployed: a browser fetches the pages over HTTP/2, not over the embedded gateway's
 * cleartext HTTP/1.1, which allows it six connections and so queues a page's many script
 * requests. The certificate is made for this run and trusted only by the audits' Chrome.
 */
export async function startTlsFront(upstream: string): Promise<TlsFront> {
  const tls = await localhostCertificate();
  const spki = createHash('sha256')
    .update(createPublicKey(tls.cert).export({ type: 'spki', format: 'der' }))
    .digest('base64');
  const nginx = await startNginx(upstream, await freePort(), { tls });
  return { url: nginx.url, spki, stop: () => nginx.stop() };
}
