import { testCreator } from '@uapqa/ui/testing';
import { describe, expect, it } from 'vitest';
import { countdown, windowState } from '../src/lib/windows';
import { categoryTone, filtersFrom, uniqueExperts } from '../src/pages/BrowseQA';

const creator = (id: number, firstName: string, lastName: string) =>
  testCreator({ id, userId: id * 10, questionsPerWeek: 2, user: { firstName, lastName } });

describe('browse helpers', () => {
  it('reads the filters from the address, ignoring what is not an id', () => {
    expect(
      filtersFrom(new URLSearchParams('search=%20radar%20&category=3&expert=40&topics=2,x,2,7')),
    ).toEqual({ search: 'radar', categoryId: '3', creatorId: '40', tagIds: [2, 7] });
    expect(filtersFrom(new URLSearchParams(''))).toEqual({
      search: '',
      categoryId: '',
      creatorId: '',
      tagIds: [],
    });
  });

  it('colours Physical yellow and every other category teal', () => {
    expect(categoryTone('Physical')).toBe('yellow');
    expect(categoryTone('Government & Disclosure')).toBe('teal');
  });

  it('lists each expert once by first and last name', () => {
    const list = uniqueExperts([
      creator(1, 'Dana', 'Whitfield'),
      creator(2, 'Dana', 'Whitfield'),
      creator(3, 'Theo', 'Lark'),
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
