import type { AdminUser, Question } from '@uapqa/contracts';
import { Badge, Button, formatUsDate, Muted, Placeholders, statusTone } from '@uapqa/ui';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { Link } from '@uapqa/ui/router';
import styled from 'styled-components';
import useSWR from 'swr';
import { type Counted, fetchCounted } from '../lib/counted';

const List = styled.ul`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  max-height: 20rem;
  overflow-y: auto;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.75rem;
    align-items: center;
    padding: 0.4rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  a { flex: 1 1 14rem; min-width: 0; overflow-wrap: anywhere; }
  .small { color: ${({ theme }) => theme.colors.muted}; font-size: 0.8rem; }
`;

/** The latest questions of a member, each linking to its page. */
export function UserQuestionsDialog({
  user,
  onClose,
}: {
  user: AdminUser | null;
  onClose: () => void;
}) {
  const page = useSWR<Counted<Question>>(
    user ? `/api/admin/users/${user.id}/questions?limit=50` : null,
    fetchCounted,
  );
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user ? (
        <DialogContent title={`Questions of ${user.username}`}>
          {!page.data ? (
            <Placeholders count={3} height="2rem" />
          ) : page.data.items.length === 0 ? (
            <Muted style={{ marginBottom: '1rem' }}>No questions asked.</Muted>
          ) : (
            <>
              <Muted style={{ marginBottom: '0.5rem' }}>
                {page.data.total > page.data.items.length
                  ? `The latest ${page.data.items.length} of ${page.data.total}.`
                  : `${page.data.total} in all.`}
              </Muted>
              <List aria-label={`Questions of ${user.username}`} tabIndex={0}>
                {page.data.items.map((question) => (
                  <li key={question.id}>
                    <Link to={`/questions/${question.id}`}>{question.title}</Link>
                    <Badge $tone={statusTone(question.status)}>{question.status}</Badge>
                    <span className="small">{formatUsDate(question.createdAt)}</span>
                  </li>
                ))}
              </List>
            </>
          )}
          <DialogClose asChild>
            <Button $variant="secondary">Close</Button>
          </DialogClose>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
