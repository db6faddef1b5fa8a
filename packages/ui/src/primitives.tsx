import { UI_TIMINGS } from '@uapqa/contracts';
import {
  Accordion as AccordionPrimitive,
  Checkbox as CheckboxPrimitive,
  Dialog as DialogPrimitive,
  Select as SelectPrimitive,
  Switch as SwitchPrimitive,
  Tabs as TabsPrimitive,
  Tooltip as TooltipPrimitive,
} from 'radix-ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/* Tabs */
export const Tabs = TabsPrimitive.Root;
export const TabsList = styled(TabsPrimitive.List)`
  display: flex;
  gap: 0.25rem;
  padding: 0.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  margin-bottom: 1rem;
`;
export const TabsTrigger = styled(TabsPrimitive.Trigger)`
  flex: 1;
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

/* Accordion: one item open at a time, collapsible (spec section 2, FAQ). */
export const AccordionItem = styled(AccordionPrimitive.Item)`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
const AccordionTriggerStyled = styled(AccordionPrimitive.Trigger)`
  width: 100%;
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 1rem 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-align: left;
  cursor: pointer;
  &::after { content: '+'; font-size: 1.25rem; color: ${({ theme }) => theme.colors.primary}; }
  &[data-state='open']::after { content: '−'; }
`;
const AccordionContentStyled = styled(AccordionPrimitive.Content)`
  color: ${({ theme }) => theme.colors.muted};
  padding-bottom: 1rem;
`;

export function Accordion({
  items,
}: {
  items: ReadonlyArray<{ question: string; answer: string }>;
}) {
  return (
    <AccordionPrimitive.Root type="single" collapsible>
      {items.map((item) => (
        <AccordionItem key={item.question} value={item.question}>
          <AccordionPrimitive.Header style={{ margin: 0 }}>
            <AccordionTriggerStyled>{item.question}</AccordionTriggerStyled>
          </AccordionPrimitive.Header>
          <AccordionContentStyled>{item.answer}</AccordionContentStyled>
        </AccordionItem>
      ))}
    </AccordionPrimitive.Root>
  );
}

/* Dialog (also the small-screen side menu). */
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

/* Select */
const SelectTrigger = styled(SelectPrimitive.Trigger)`
  width: 100%;
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 0.6rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;
const SelectContent = styled(SelectPrimitive.Content)`
  z-index: 60;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow};
  max-height: 20rem;
`;
const SelectItem = styled(SelectPrimitive.Item)`
  padding: 0.5rem 0.75rem;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  outline: none;
  &[data-highlighted] { background: ${({ theme }) => theme.colors.border}; }
`;

export interface SelectOption {
  value: string;
  label: string;
}

/** A Radix select. Radix reserves the empty value, so '' is mapped to an internal token. */
export function Select({
  value,
  onValueChange,
  options,
  placeholder,
  id,
  label,
  disabled,
}: {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  id?: string;
  label: string;
  disabled?: boolean;
}) {
  const EMPTY = '__all__';
  return (
    <SelectPrimitive.Root
      value={value === '' ? (options.some((o) => o.value === '') ? EMPTY : undefined) : value}
      onValueChange={(next) => onValueChange(next === EMPTY ? '' : next)}
      disabled={disabled}
    >
      <SelectTrigger id={id} aria-label={label}>
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>▾</SelectPrimitive.Icon>
      </SelectTrigger>
      <SelectPrimitive.Portal>
        <SelectContent position="popper" sideOffset={4}>
          <SelectPrimitive.Viewport>
            {options.map((option) => (
              <SelectItem key={option.value || EMPTY} value={option.value || EMPTY}>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectItem>
            ))}
          </SelectPrimitive.Viewport>
        </SelectContent>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

/* Switch */
const SwitchRoot = styled(SwitchPrimitive.Root)`
  width: 42px;
  height: 24px;
  border-radius: 999px;
  border: 0;
  background: ${({ theme }) => theme.colors.border};
  position: relative;
  cursor: pointer;
  &[data-state='checked'] { background: ${({ theme }) => theme.colors.primary}; }
`;
const SwitchThumb = styled(SwitchPrimitive.Thumb)`
  display: block;
  width: 20px;
  height: 20px;
  border-radius: 50%;
  background: white;
  transform: translateX(2px);
  transition: transform 0.15s;
  &[data-state='checked'] { transform: translateX(20px); }
`;
export function Switch(props: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  return (
    <SwitchRoot {...props}>
      <SwitchThumb />
    </SwitchRoot>
  );
}

/* Checkbox */
const CheckboxRoot = styled(CheckboxPrimitive.Root)`
  width: 18px;
  height: 18px;
  flex: none;
  border-radius: 4px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.primaryText};
  &[data-state='checked'] { background: ${({ theme }) => theme.colors.primary}; }
`;
const CheckRow = styled.label`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  cursor: pointer;
  padding: 0.2rem 0;
`;
export function Checkbox({
  checked,
  onCheckedChange,
  label,
  id,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  id: string;
}) {
  return (
    <CheckRow htmlFor={id}>
      <CheckboxRoot id={id} checked={checked} onCheckedChange={(v) => onCheckedChange(v === true)}>
        <CheckboxPrimitive.Indicator>✓</CheckboxPrimitive.Indicator>
      </CheckboxRoot>
      <span>{label}</span>
    </CheckRow>
  );
}

/* Tooltip: spec section 9 delays. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={UI_TIMINGS.tooltipDelayMs}
      skipDelayDuration={UI_TIMINGS.tooltipSkipDelayMs}
    >
      {children}
    </TooltipPrimitive.Provider>
  );
}
const TooltipBubble = styled(TooltipPrimitive.Content)`
  z-index: 70;
  padding: 0.35rem 0.6rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 0.8rem;
`;
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipBubble sideOffset={6}>{content}</TooltipBubble>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
