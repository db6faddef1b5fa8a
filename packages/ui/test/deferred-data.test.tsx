import { fireEvent, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { describe, expect, it } from 'vitest';
import { swrConfig } from '../src/api.js';

/** Each render of `Rows`: whether it read as loading, and how many rows it had. */
let renders: string[] = [];

/** What a section of a page draws from one read. */
function Rows({ url }: { url: string }) {
  const { data, isLoading, error } = useSWR<string[]>(url);
  renders.push(`${isLoading ? 'loading' : 'shown'} ${data?.length ?? 0}`);
  if (isLoading) return <p>Loading</p>;
  if (error) return <p>Failed</p>;
  return (
    <ul>
      {(data ?? []).map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  );
}

function Pages() {
  const { data, size, setSize } = useSWRInfinite<string[]>((index) => `/pages/${index}`);
  return (
    <>
      <p>{(data ?? []).flat().join(', ') || 'none yet'}</p>
      <button type="button" onClick={() => setSize(size + 1)}>
        Load more ({size})
      </button>
    </>
  );
}

function withAnswers(answers: Record<string, string[] | Error>) {
  return {
    ...swrConfig,
    provider: () => new Map(),
    fetcher: async (url: string) => {
      const answer = answers[url];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

describe('SWR answers drawn as deferred values', () => {
  it('reads as loading until the rows are drawn, then shows every row', async () => {
    renders = [];
    render(
      <SWRConfig value={withAnswers({ '/rows': ['first', 'second'] })}>
        <Rows url="/rows" />
      </SWRConfig>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('second')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'first',
      'second',
    ]);
    expect(screen.queryByText('Loading')).toBeNull();
    // The answer first lands in an urgent render that still reads as loading; the rows come in
    // a render of their own, which React may interrupt.
    expect(renders.at(-2)).toBe('loading 0');
    expect(renders.at(-1)).toBe('shown 2');
    expect(renders.filter((line) => line === 'loading 0').length).toBeGreaterThan(1);
  });

  it('shows a failure as it comes', async () => {
    render(
      <SWRConfig value={withAnswers({ '/rows': new Error('500: down') })}>
        <Rows url="/rows" />
      </SWRConfig>,
    );
    expect(await screen.findByText('Failed')).toBeTruthy();
  });

  it('keeps what useSWRInfinite adds, such as the page count and setSize', async () => {
    render(
      <SWRConfig value={withAnswers({ '/pages/0': ['a'], '/pages/1': ['b'] })}>
        <Pages />
      </SWRConfig>,
    );
    expect(await screen.findByText('a')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more (1)' }));
    expect(await screen.findByText('a, b')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more (2)' })).toBeTruthy();
  });
});
