import { UI_TIMINGS } from '@uapqa/contracts';
import { Toast as ToastPrimitive } from 'radix-ui';
import styled from 'styled-components';
import { CloseIcon } from './icons.js';
import { useToastStore } from './toast.js';

const Viewport = styled(ToastPrimitive.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  z-index: 100;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 1rem;
  width: min(100vw, 420px);
  margin: 0;
  list-style: none;
  outline: none;
  /* Empty, it takes no room: a see-through box over the page's corner hides nothing but blurs contrast checks. */
  &:empty { padding: 0; }
`;

const Root = styled(ToastPrimitive.Root)<{ $destructive: boolean }>`
  background: ${({ theme, $destructive }) => ($destructive ? '#3b0d12' : theme.colors.surfaceRaised)};
  border: 1px solid
    ${({ theme, $destructive }) => ($destructive ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 0.9rem 2.25rem 0.9rem 1rem;
  position: relative;
  box-shadow: ${({ theme }) => theme.shadow};
  &[data-swipe='move'] { transform: translateX(var(--radix-toast-swipe-move-x)); }
  &[data-swipe='cancel'] { transform: translateX(0); transition: transform 200ms ease-out; }
  &[data-state='closed'] { display: none; }
`;

const Title = styled(ToastPrimitive.Title)`
  font-weight: 700;
`;
const Description = styled(ToastPrimitive.Description)`
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;
const Action = styled(ToastPrimitive.Action)`
  margin-top: 0.6rem;
  min-height: 2.25rem;
  padding: 0.35rem 0.9rem;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surface}; }
`;
const Close = styled(ToastPrimitive.Close)`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
  display: inline-flex;
  padding: 0.25rem;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  cursor: pointer;
`;

/**
 * Renders the toast queue: 5000 ms unless a toast says otherwise, swipe right past 50 px to
 * dismiss, F8 focuses the region (and so a toast's action button).
 */
export function ToastView() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <ToastPrimitive.Provider
      duration={UI_TIMINGS.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={UI_TIMINGS.toastSwipeThresholdPx}
      label="Notification"
    >
      {toasts.map((item) => (
        <Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          $destructive={item.variant === 'destructive'}
          data-testid="toast"
          {...(item.duration ? { duration: item.duration } : {})}
        >
          <Title>{item.title}</Title>
          {item.description ? <Description>{item.description}</Description> : null}
          {item.action ? (
            <Action altText={item.action.altText} onClick={item.action.onAction}>
              {item.action.label}
            </Action>
          ) : null}
          <Close aria-label="Close">
            <CloseIcon />
          </Close>
        </Root>
      ))}
      <Viewport hotkey={['F8']} />
    </ToastPrimitive.Provider>
  );
}
