import { useSession } from '@uapqa/ui';
import { Dialog, DialogContent, DialogTrigger } from '@uapqa/ui/dialog';
import { useLocation } from '@uapqa/ui/router';
import { useState } from 'react';
import styled from 'styled-components';
import { Credits, JoinButton, MenuButton, NavLink, Welcome } from './nav';

const MenuList = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  margin-top: 1rem;
`;

/**
 * The small-screen menu: Browse Q&A, Contact and (for visitors) the join button, in a Radix
 * dialog; closes on navigation. Signed-in users find their pages and Logout in the account menu. Its own chunk, loaded by Layout.tsx on the first press of the menu button, which
 * is why it can start open.
 */
export default function SideMenu({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const user = useSession((state) => state.user);
  const { pathname } = useLocation();
  // Open on the path it was opened on: navigating elsewhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(initiallyOpen ? pathname : null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);
  return (
    <Dialog open={open} onOpenChange={(next) => setOpenOn(next ? pathname : null)}>
      <DialogTrigger asChild>
        <MenuButton />
      </DialogTrigger>
      <DialogContent side="right" title="Menu">
        <MenuList aria-label="Side menu">
          {user ? <Welcome>Welcome, {user.username}</Welcome> : null}
          {user && pathname === '/browse-qa' ? (
            <Credits>{user.foiaCredits ?? 0} FOIA Credits</Credits>
          ) : null}
          <NavLink to="/browse-qa" onClick={close}>
            Browse Q&amp;A
          </NavLink>
          <NavLink to="/contact" onClick={close}>
            Contact
          </NavLink>
          {user ? null : (
            <span onClickCapture={close}>
              <JoinButton />
            </span>
          )}
        </MenuList>
      </DialogContent>
    </Dialog>
  );
}
