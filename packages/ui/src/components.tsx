import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
    border-color: ${({ theme }) => theme.colors.primary};
  `,
  // Opaque: on the page, over the decorative beams, the label keeps a checkable contrast.
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.muted};
    border-color: transparent;
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: #1a0505;
    border-color: ${({ theme }) => theme.colors.danger};
  `,
};

export interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $block?: boolean;
}

export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  padding: 0.6rem 1.1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid transparent;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  transition: filter 0.15s ease, transform 0.15s ease;
  ${({ $variant }) => variants[$variant ?? 'primary']}
  &:hover:not(:disabled) { filter: brightness(1.1); }
  &:disabled, &[aria-disabled='true'] { opacity: 0.5; cursor: not-allowed; }
`;

export const Button = styled.button.attrs<{ type?: string }>((props) => ({
  type: props.type ?? 'button',
}))<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${buttonStyles}
`;

export const Card = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: 1.25rem;
  box-shadow: ${({ theme }) => theme.shadow};
`;

export type BadgeTone = 'teal' | 'yellow' | 'green' | 'blue' | 'gray' | 'accent' | 'danger';

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-block;
  padding: 0.15rem 0.55rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.02em;
  color: ${({ theme, $tone }) => theme.colors[$tone ?? 'teal']};
  border: 1px solid currentColor;
  background: rgba(255, 255, 255, 0.04);
`;

/** Badge tone of a question status. */
export function statusTone(status: string): BadgeTone {
  if (status === 'answered') return 'green';
  if (status === 'pending') return 'yellow';
  if (status === 'approved') return 'blue';
  return 'gray';
}

const field = css`
  width: 100%;
  padding: 0.6rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  &::placeholder { color: ${({ theme }) => theme.colors.muted}; }
  &:disabled { opacity: 0.6; }
`;

export const Input = styled.input`
  ${field}
`;
export const Textarea = styled.textarea`
  ${field}
  min-height: 6rem;
  resize: vertical;
`;
export const NativeSelect = styled.select`
  ${field}
`;

export const Label = styled.label`
  display: block;
  font-weight: 600;
  margin-bottom: 0.35rem;
`;

export const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.85rem;
  margin: 0.3rem 0 0;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  margin: 0;
`;

const FieldWrap = styled.div`
  margin-bottom: 1rem;
`;

/** The id of the message `Field` shows under the control whose id is `id`. */
export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * The attributes that tie a control to the error `Field` shows under it: marked invalid and
 * described by the message (after its own description, if any), so a screen reader says why
 * when it lands on the field, not only when the message first appears.
 */
export function fieldErrorProps(id: string, error: string | undefined, describedBy?: string) {
  const described = [describedBy, error ? fieldErrorId(id) : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': described || undefined,
  };
}

/** A labelled form field with its validation message. */
export function Field({
  label,
  htmlFor,
  error,
  children,
}: {
  label: ReactNode;
  htmlFor?: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <FieldWrap>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error ? (
        <ErrorText id={htmlFor ? fieldErrorId(htmlFor) : undefined} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </FieldWrap>
  );
}

export const Container = styled.div`
  width: 100%;
  max-width: 1200px;
  margin: 0 auto;
  padding: 0 1rem;
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

const SpinnerRing = styled.div`
  width: 2.5rem;
  height: 2.5rem;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

const SpinnerWrap = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  padding: 3rem 0;
`;

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <SpinnerWrap role="status" aria-label={label}>
      <SpinnerRing />
    </SpinnerWrap>
  );
}

const pulse = keyframes`0%, 100% { opacity: 0.45; } 50% { opacity: 0.9; }`;

export const Skeleton = styled.div<{ $height?: string }>`
  height: ${({ $height }) => $height ?? '5rem'};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

export function Placeholders({ count, height }: { count: number; height?: string }) {
  return (
    <div aria-busy="true" data-testid="placeholders" style={{ display: 'grid', gap: '0.75rem' }}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders have no identity
        <Skeleton key={index} $height={height} data-testid="placeholder" />
      ))}
    </div>
  );
}

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min }) => $min ?? '220px'}, 1fr));
`;

/** Columns side by side (`$columns`: their grid-template-columns) that stack below 900px. */
export const Columns = styled.div<{ $columns: string }>`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: ${({ $columns }) => $columns};
  align-items: start;
  @media (max-width: 900px) { grid-template-columns: 1fr; }
`;

export const PageTitle = styled.h1`
  font-size: clamp(1.6rem, 4vw, 2.4rem);
`;

/**
 * A heading that stands alone on the page (a section title of a landing page): a label on an
 * opaque surface, for the same reason as PageHeader.
 */
export const titleOnSurface = css`
  width: fit-content;
  max-width: 100%;
  margin-inline: auto;
  padding: 0.35rem 1.25rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

/**
 * A page's title, introduction and top controls. Text never sits on the decorative background
 * directly: behind moving beams its contrast would vary and could not be checked, so it gets an
 * opaque surface of its own; the beams still show around it.
 */
export const PageHeader = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: 1.25rem 1.5rem;
  margin-bottom: 1.5rem;
  h1 { margin-bottom: 0.35rem; }
  @media (max-width: 767px) { padding: 1rem; }
`;

/** A page's usual header: its title, and the introduction under it. */
export function PageHeading({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <PageHeader>
      <PageTitle>{title}</PageTitle>
      <Muted>{children}</Muted>
    </PageHeader>
  );
}

/** The buttons at the foot of a dialog, the confirming one last. */
export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.75rem;
  margin-top: 1.25rem;
`;

export type ButtonProps = ComponentPropsWithoutRef<typeof Button>;
