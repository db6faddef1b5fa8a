import { useSession } from '@uapqa/ui';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuPortal,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@uapqa/ui/dropdown-menu';
import { Link, useNavigate } from '@uapqa/ui/router';
import { useState } from 'react';
import { accountLinks } from './account-links';
import { AccountMenuButton } from './nav';

/**
 * The signed-in user's menu in the header: their dashboard and pages, the account page, and
 * Logout. Its own chunk, loaded by Layout.tsx on the first press of the button, which is why it
 * can start open.
 */
export default function AccountMenu({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const user = useSession((state) => state.user);
  const logout = useSession((state) => state.logout);
  const navigate = useNavigate();
  const [open, setOpen] = useState(initiallyOpen);
  if (!user) return null;
  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <AccountMenuButton />
      </DropdownMenuTrigger>
      <DropdownMenuPortal>
        <DropdownMenuContent align="end" sideOffset={6}>
          <DropdownMenuLabel>Signed in as {user.username}</DropdownMenuLabel>
          {accountLinks(user.role).map((link) => (
            <DropdownMenuItem key={link.to} asChild>
              <Link to={link.to}>{link.label}</Link>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void logout(navigate)}>Logout</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenuPortal>
    </DropdownMenu>
  );
}
