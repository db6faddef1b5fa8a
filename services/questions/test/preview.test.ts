import { ANONYMOUS_PREVIEW_CHARS } from '@uapqa/contracts';
import { describe, expect, it } from 'vitest';
import { preview } from '../src/shape.js';

describe('an answer preview for visitors', () => {
  it('keeps an answer of exactly the limit whole', () => {
    const text = 'a'.repeat(ANONYMOUS_PREVIEW_CHARS);
    expect(preview(text)).toBe(text);
  });

  it('cuts one character past the limit and marks the cut', () => {
    const text = `${'a'.repeat(ANONYMOUS_PREVIEW_CHARS)}b`;
    expect(preview(text)).toBe(`${'a'.repeat(ANONYMOUS_PREVIEW_CHARS)}...`);
  });

  it('counts an emoji as one character and never splits it', () => {
    const emoji = '🛸';
    const whole = emoji.repeat(ANONYMOUS_PREVIEW_CHARS);
    expect(preview(whole)).toBe(whole);
    const cut = preview(`x${whole}`);
    expect(cut).toBe(`x${emoji.repeat(ANONYMOUS_PREVIEW_CHARS - 1)}...`);
    expect(Array.from(cut.slice(0, -3))).toHaveLength(ANONYMOUS_PREVIEW_CHARS);
  });

  it('cuts a very long answer at the limit', () => {
    const text = `${'c'.repeat(ANONYMOUS_PREVIEW_CHARS)}${'d'.repeat(1_000_000)}`;
    expect(preview(text)).toBe(`${'c'.repeat(ANONYMOUS_PREVIEW_CHARS)}...`);
  });
});
