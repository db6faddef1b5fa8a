import styled from 'styled-components';

/*
 * A native checkbox drawn as a switch (role="switch": screen readers say "on" or "off"). Not the
 * Radix switch of @uapqa/ui/controls: the shell would then load that whole shared entry with its
 * first page, which only remote pages are meant to pay for.
 */
const Track = styled.input.attrs({ type: 'checkbox', role: 'switch' })`
  appearance: none;
  flex: none;
  width: 44px;
  height: 26px;
  margin: 0;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.border};
  position: relative;
  cursor: pointer;
  transition: background 0.15s;
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    background: #ffffff;
    transition: transform 0.15s;
  }
  &:checked { background: ${({ theme }) => theme.colors.primary}; }
  &:checked::after { transform: translateX(18px); }
  &:disabled { cursor: not-allowed; opacity: 0.6; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
`;

export function EmailSwitch(props: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  describedBy?: string;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <Track
      id={props.id}
      checked={props.checked}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      onChange={(event) => props.onChange?.(event.currentTarget.checked)}
    />
  );
}
