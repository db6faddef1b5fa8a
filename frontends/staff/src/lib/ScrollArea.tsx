import { ScrollArea as ScrollAreaPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/* Not in @uapqa/ui yet: a Radix scroll area with a themed vertical scrollbar. */

const Root = styled(ScrollAreaPrimitive.Root)`
  overflow: hidden;
`;
const Viewport = styled(ScrollAreaPrimitive.Viewport)<{ $maxHeight: string }>`
  width: 100%;
  max-height: ${({ $maxHeight }) => $maxHeight};
  padding-right: 0.75rem;
`;
const Scrollbar = styled(ScrollAreaPrimitive.Scrollbar)`
  display: flex;
  width: 8px;
  padding: 1px;
  touch-action: none;
  user-select: none;
`;
const Thumb = styled(ScrollAreaPrimitive.Thumb)`
  flex: 1;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.border};
`;

export function ScrollArea({
  maxHeight,
  children,
  label,
  testId,
}: {
  /** e.g. '24rem' (96 spacing units of 0.25rem). */
  maxHeight: string;
  children: ReactNode;
  label?: string;
  testId?: string;
}) {
  return (
    <Root type="auto">
      <Viewport
        $maxHeight={maxHeight}
        aria-label={label}
        data-testid={testId}
        style={{ maxHeight }}
      >
        {children}
      </Viewport>
      <Scrollbar orientation="vertical">
        <Thumb />
      </Scrollbar>
    </Root>
  );
}
