/**
 * `@uapqa/ui/dropdown-menu`: a styled Radix dropdown menu (the shell's account menu). A separate
 * entry, like `@uapqa/ui/tabs`, so that pages without a menu do not load it; it holds no state
 * to share.
 */
import { DropdownMenu as Menu } from 'radix-ui';
import styled from 'styled-components';

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuPortal = Menu.Portal;

export const DropdownMenuContent = styled(Menu.Content)`
  z-index: 50;
  min-width: 12rem;
  padding: 0.35rem;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 10px 30px rgb(0 0 0 / 0.35);
`;

export const DropdownMenuItem = styled(Menu.Item)`
  display: block;
  padding: 0.55rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 500;
  cursor: pointer;
  outline: none;
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export const DropdownMenuLabel = styled(Menu.Label)`
  padding: 0.4rem 0.75rem;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

export const DropdownMenuSeparator = styled(Menu.Separator)`
  height: 1px;
  margin: 0.3rem 0;
  background: ${({ theme }) => theme.colors.border};
`;
