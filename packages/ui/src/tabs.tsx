/**
 * `@uapqa/ui/tabs`: styled Radix tabs (the shell's /auth, the experts dashboard). A separate
 * entry, not shared by Module Federation (tabs hold no state to share), so that the landing
 * page, which shows no tabs, does not load them: each app bundles them where it uses them.
 */
import { Tabs as TabsPrimitive } from 'radix-ui';
import styled from 'styled-components';

export const Tabs = TabsPrimitive.Root;
/* Tabs wrap to a second row rather than let a long label run out of its tab on a phone. */
export const TabsList = styled(TabsPrimitive.List)`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  padding: 0.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  margin-bottom: 1rem;
`;
export const TabsTrigger = styled(TabsPrimitive.Trigger)`
  flex: 1 1 auto;
  padding: 0.5rem 0.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  font-weight: 600;
  cursor: pointer;
  &[data-state='active'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;
export const TabsContent = TabsPrimitive.Content;
