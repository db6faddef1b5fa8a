/**
 * `@uapqa/ui/controls`: the Radix widgets only remote pages use (Select, Switch, Checkbox and
 * Tooltip, with the popper the select and tooltip position themselves with). Module Federation
 * loads a shared singleton whole, so keeping them out of the main entry keeps them out of the
 * first paint of `/`: this entry is its own singleton, fetched with the first page that
 * imports it.
 */
import { UI_TIMINGS } from '@uapqa/contracts';
import {
  Checkbox as CheckboxPrimitive,
  Select as SelectPrimitive,
  Switch as SwitchPrimitive,
  Tooltip as TooltipPrimitive,
} from 'radix-ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { CheckIcon, ChevronDownIcon } from './icons.js';

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
        <SelectPrimitive.Icon>
          <ChevronDownIcon />
        </SelectPrimitive.Icon>
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
/* 24 px: the smallest target WCAG 2.2 accepts wherever the rows are packed. */
const CheckboxRoot = styled(CheckboxPrimitive.Root)`
  width: 24px;
  height: 24px;
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
        <CheckboxPrimitive.Indicator>
          <CheckIcon size={14} />
        </CheckboxPrimitive.Indicator>
      </CheckboxRoot>
      <span>{label}</span>
    </CheckRow>
  );
}

/*
 * Tooltip: the open and close delays of UI_TIMINGS. A page that shows tooltips renders the
 * provider around them (the shell shows none, so it does not load this entry on `/`).
 */
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
