import { act, render } from '@testing-library/react';
import { PAGE_META, SHELL_ROUTES } from '@uapqa/contracts';
import { Link, Route, Routes } from '@uapqa/ui/router';
import { MemoryRouter } from '@uapqa/ui/router-testing';
import { describe, expect, it } from 'vitest';
import { usePageMeta } from '../src/layout/page-meta';
import { REMOTE_ROUTES } from '../src/remotes';

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

function Shell() {
  usePageMeta();
  return (
    <nav>
      <Link to="/browse-qa">browse</Link>
      <Link to="/questions/abc">question</Link>
      <Routes>
        <Route path="*" element={null} />
      </Routes>
    </nav>
  );
}

describe('page titles and descriptions', () => {
  it('has a title and a description for every route the shell serves by path', () => {
    const paths = [...SHELL_ROUTES, ...REMOTE_ROUTES.map((route) => route.path)].filter(
      (path) => path !== '/verify-email',
    );
    const missing = paths.filter((path) => !path.includes(':') && !PAGE_META[path]);
    expect(missing).toEqual([]);
  });

  it("sets each route's own on navigation, and keeps the HTML's on a first load of a page without one", async () => {
    document.head.innerHTML = '<meta name="description" content="What the gateway wrote." />';
    document.title = 'A question | UAP Answers';
    const { getByText, unmount } = render(
      <MemoryRouter initialEntries={['/questions/first']}>
        <Shell />
      </MemoryRouter>,
    );
    expect(document.title).toBe('A question | UAP Answers');
    expect(description()).toBe('What the gateway wrote.');

    await act(async () => getByText('browse').click());
    expect(document.title).toBe(`${PAGE_META['/browse-qa']!.title} | UAP Answers`);
    expect(description()).toBe(PAGE_META['/browse-qa']!.description);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);

    await act(async () => getByText('question').click());
    expect(description()).toBe(PAGE_META['/']!.description);
    unmount();
  });
});
