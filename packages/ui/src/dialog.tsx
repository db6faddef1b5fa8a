/**
 * `@uapqa/ui/dialog`: a Radix dialog, centred or as a side sheet (the shell's small-screen
 * menu). A separate entry, not shared by Module Federation (a dialog holds no state to share):
 * with its focus trap and scroll lock it is about 9 KB gzipped, which the shell fetches when the
 * menu is first opened, not on `/`.
 */
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogTitle = DialogPrimitive.Title;
const Overlay = styled(DialogPrimitive.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(0, 0, 0, 0.6);
  z-index: 40;
`;
const SheetContent = styled(DialogPrimitive.Content)<{ $side?: 'right' | 'center' }>`
  position: fixed;
  z-index: 50;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  padding: 1.5rem;
  ${({ $side }) =>
    $side === 'right'
      ? 'top: 0; right: 0; bottom: 0; width: min(80vw, 320px);'
      : 'top: 50%; left: 50%; transform: translate(-50%, -50%); width: min(92vw, 480px); border-radius: 16px;'}
`;

export function DialogContent({
  children,
  side = 'center',
  title,
}: {
  children: ReactNode;
  side?: 'right' | 'center';
  title: string;
}) {
  return (
    <DialogPrimitive.Portal>
      <Overlay />
      <SheetContent $side={side} aria-describedby={undefined}>
        <DialogPrimitive.Title style={{ fontSize: '1.1rem' }}>{title}</DialogPrimitive.Title>
        {children}
      </SheetContent>
    </DialogPrimitive.Portal>
  );
}
