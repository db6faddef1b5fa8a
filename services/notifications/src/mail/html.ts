/**
 * HTML built from template literals: every interpolated value is escaped unless it is `Html`.
 * Written here rather than taken from a template engine or react-email: eight short messages
 * need contextual escaping and nothing else, and a tagged template makes forgetting to escape
 * impossible without adding a renderer to the service.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

function fragment(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(fragment).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += fragment(value) + (strings[index + 1] ?? '');
  });
  return new Html(out);
}

/** Text typed by a person (notes, a contact message): escaped, its line breaks kept. */
export function multiline(text: string): Html {
  return new Html(text.split(/\r?\n/).map(escapeHtml).join('<br>\n'));
}
