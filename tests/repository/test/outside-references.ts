/**
 * Phrases that point a reader at a document outside the repository. Each is narrow enough to
 * leave alone what merely looks alike: Kubernetes' `spec:` keys, `spec` variables and
 * `.spec.ts` file names. The patterns are written so that they do not match their own source.
 */
export const OUTSIDE_REFERENCES: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /\bshared\//, why: 'a folder outside the repository' },
  { pattern: /decisions\.md/i, why: 'a decision log outside the repository' },
  { pattern: /\u00a7/, why: 'a section sign, pointing at another document' },
  { pattern: /\bsections? \d/i, why: "another document's section number" },
  { pattern: /\b(?:the|a|per|product|our) spec\b/i, why: 'a specification outside the repository' },
  { pattern: /\bspec(?:'s|s')/i, why: 'a specification outside the repository' },
  {
    pattern: /\bspec (?:messages?|sections?|says|lists|calls)\b/i,
    why: 'a specification outside the repository',
  },
  { pattern: /\(spec\s/i, why: 'a specification outside the repository' },
  // Lower case after the colon: prose, not a `spec: Type` annotation or a YAML `spec:` key.
  { pattern: /\bspec: [a-z'"]/, why: 'a specification outside the repository' },
  { pattern: /\bissues? #?\d+/i, why: "a tracker's issue number" },
  { pattern: /\blater\sissues?\b/i, why: "a tracker's issues" },
];

/** The references one text makes, as `line: why`. */
export function outsideReferences(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, why } of OUTSIDE_REFERENCES) {
      if (pattern.test(line)) found.push(`${index + 1}: ${why}: ${line.trim()}`);
    }
  });
  return found;
}
