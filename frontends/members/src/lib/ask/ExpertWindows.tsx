import { Card, Muted, useNow } from '@uapqa/ui';
import styled from 'styled-components';
import { expertProfile } from '../experts';
import { describeWindow, windowState } from '../windows';
import { type FormData, heldNote } from './ask-form-data';

const WindowList = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.6rem;
  font-size: 0.9rem;
`;

/** Where each expert's question window stands, and the places the member holds in it. */
export function ExpertWindows({ data }: { data: FormData }) {
  const { experts } = data;
  const now = useNow(1000);
  return (
    <Card>
      <h2 style={{ fontSize: '1.1rem' }}>Question windows</h2>
      <Muted style={{ marginBottom: '0.75rem', fontSize: '0.85rem' }}>
        Each expert takes a limited number of questions per window, first come first served.
      </Muted>
      <WindowList>
        {experts.map((expert) => (
          <li key={expert.userId} data-testid="expert-window">
            <strong>{expertProfile(expert).name}</strong>
            <Muted style={{ fontSize: '0.85rem' }}>
              {describeWindow(windowState(expert.window, now))}
            </Muted>
            {heldNote(data, expert) ? (
              <Muted style={{ fontSize: '0.85rem' }} data-testid="expert-window-held">
                {heldNote(data, expert)}
              </Muted>
            ) : null}
          </li>
        ))}
      </WindowList>
    </Card>
  );
}
