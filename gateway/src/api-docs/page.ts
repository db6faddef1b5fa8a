import type { ApiDocument } from '@uapqa/service-kit';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** A plain page listing the operations, with each one's JSON; no script, nothing from a CDN. */
export function renderApiPage(document: ApiDocument): string {
  const sections = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(
      ([method, op]) =>
        `<details><summary><code class="m">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> ${escapeHtml(op.summary ?? '')}</summary><pre>${escapeHtml(JSON.stringify(op, null, 2))}</pre></details>`,
    ),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
details{border-bottom:1px solid #ddd;padding:.4rem 0}code.m{display:inline-block;min-width:4.5rem;font-weight:bold}
pre{background:#f6f6f6;padding:.8rem;overflow:auto;font-size:.85rem}</style></head>
<body><h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1>
<p>OpenAPI 3.1 document: <a href="/api/docs">/api/docs</a> (JSON). Components: see the JSON.</p>
${sections.join('\n')}
</body></html>`;
}
