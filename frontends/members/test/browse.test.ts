import { testExpert } from '@uapqa/ui/testing';
import { describe, expect, it } from 'vitest';
import { uniqueExperts } from '../src/lib/archive-filters';
import { filtersFrom, paramsFrom, questionsUrl, resultsLabel } from '../src/lib/archive-query';
import { excerptAround } from '../src/lib/highlighted';
import { countdown, windowState } from '../src/lib/windows';
import { categoryTone } from '../src/pages/BrowseQA';

const expert = (id: number, firstName: string, lastName: string) =>
  testExpert({ id, userId: id * 10, questionsPerWeek: 2, user: { firstName, lastName } });

describe('browse helpers', () => {
  it('reads the filters from the address, ignoring what is not an id', () => {
    expect(
      filtersFrom(new URLSearchParams('search=%20radar%20&category=3&expert=40&topics=2,x,2,7')),
    ).toEqual({
      search: 'radar',
      categoryId: '3',
      creatorId: '40',
      tagIds: [2, 7],
      sort: 'newest',
    });
    expect(filtersFrom(new URLSearchParams(''))).toEqual({
      search: '',
      categoryId: '',
      creatorId: '',
      tagIds: [],
      sort: 'newest',
    });
  });

  it('keeps the order in the address, leaving the default out of it and of the API read', () => {
    const rated = filtersFrom(new URLSearchParams('sort=rated&search=roswell'));
    expect(rated.sort).toBe('rated');
    expect(paramsFrom(rated).toString()).toBe('search=roswell&sort=rated');
    expect(questionsUrl(rated)).toBe('/api/questions?limit=15&search=roswell&sort=rated');
    const newest = filtersFrom(new URLSearchParams('sort=sideways'));
    expect(newest.sort).toBe('newest');
    expect(paramsFrom(newest).toString()).toBe('');
    expect(questionsUrl(newest)).toBe('/api/questions?limit=15');
  });

  it('says how many results there are, and for which search', () => {
    expect(resultsLabel(24, true, '')).toBe('24 answers');
    expect(resultsLabel(1, true, '')).toBe('1 answer');
    expect(resultsLabel(3, true, 'roswell')).toBe('3 results for “roswell”');
    expect(resultsLabel(1, true, 'roswell')).toBe('1 result for “roswell”');
    expect(resultsLabel(1200, false, '')).toBe('About 1,200 answers');
  });

  it("shows the part of a question's details around the first match", () => {
    const long = 'word '.repeat(40);
    const excerpt = excerptAround([
      { text: `${long}before `, match: false },
      { text: 'roswell', match: true },
      { text: ` after ${long}`, match: false },
    ]);
    expect(excerpt[0]!.text.startsWith('…')).toBe(true);
    expect(excerpt[1]).toEqual({ text: 'roswell', match: true });
    expect(excerpt[2]!.text.endsWith('…')).toBe(true);
    expect(excerpt.map((segment) => segment.text).join('').length).toBeLessThan(230);
    const short = [{ text: 'Roswell', match: true }];
    expect(excerptAround(short)).toEqual(short);
  });

  it('colours Physical yellow and every other category teal', () => {
    expect(categoryTone('Physical')).toBe('yellow');
    expect(categoryTone('Government & Disclosure')).toBe('teal');
  });

  it('lists each expert once by first and last name', () => {
    const list = uniqueExperts([
      expert(1, 'Dana', 'Whitfield'),
      expert(2, 'Dana', 'Whitfield'),
      expert(3, 'Theo', 'Lark'),
    ]);
    expect(list.map((c) => c.userId)).toEqual([10, 30]);
  });
});

describe('question windows', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('counts down to an upcoming window and shows the places left in an open one', () => {
    expect(countdown('2026-11-23T13:01:02Z', now)).toBe('1d 01h 01m 02s');
    expect(
      windowState(
        {
          opensAt: '2026-11-23T00:00:00Z',
          closesAt: '2026-11-30T00:00:00Z',
          capacity: 5,
          remaining: 5,
        },
        now,
      ),
    ).toMatchObject({ kind: 'upcoming', opensIn: '12h 00m 00s' });
    expect(
      windowState(
        {
          opensAt: '2026-11-16T00:00:00Z',
          closesAt: '2026-11-23T00:00:00Z',
          capacity: 5,
          remaining: 2,
        },
        now,
      ),
    ).toMatchObject({ kind: 'open', remaining: 2, capacity: 5 });
    expect(
      windowState(
        {
          opensAt: '2026-11-16T00:00:00Z',
          closesAt: '2026-11-23T00:00:00Z',
          capacity: 5,
          remaining: 0,
        },
        now,
      ),
    ).toMatchObject({ kind: 'full' });
  });
});
