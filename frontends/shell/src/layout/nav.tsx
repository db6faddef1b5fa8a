import {
  Button,
  type ButtonProps,
  type ButtonStyleProps,
  buttonStyles,
  MenuIcon,
  useWaitlist,
} from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import styled from 'styled-components';

/** The pieces the header and the small-screen menu (SideMenu.tsx) both show. */

export const NavLink = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 500;
  &:hover { color: ${({ theme }) => theme.colors.primary}; }
`;
/** A link that looks like a button. */
export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;
export const Welcome = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;
export const Credits = styled.span`
  color: ${({ theme }) => theme.colors.yellow};
  font-weight: 600;
`;

export function JoinButton() {
  const { waitlistEnabled } = useWaitlist();
  // In waitlist mode the button opens the waitlist tab of /auth; Sign In is the tab beside it.
  return waitlistEnabled ? (
    <ButtonLink to="/auth?tab=waitlist">Join Waitlist</ButtonLink>
  ) : (
    <ButtonLink to="/auth">Join Investigation</ButtonLink>
  );
}

/** The button that opens the small-screen menu. */
export function MenuButton(props: ButtonProps) {
  return (
    <Button $variant="secondary" aria-label="Open menu" {...props}>
      <MenuIcon size={18} />
    </Button>
  );
}

/** The button that opens the signed-in user's account menu (AccountMenu.tsx). */
export function AccountMenuButton(props: ButtonProps) {
  return (
    <Button $variant="secondary" aria-haspopup="menu" data-testid="account-menu-button" {...props}>
      Account
    </Button>
  );
}
