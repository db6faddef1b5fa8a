import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { Field, fieldErrorProps, Input } from '../src/components.js';
import { theme } from '../src/theme.js';

function NameField({ error, describedBy }: { error?: string; describedBy?: string }) {
  return (
    <ThemeProvider theme={theme}>
      <Field label="Name" htmlFor="name" error={error}>
        <Input id="name" {...fieldErrorProps('name', error, describedBy)} />
      </Field>
      <p id="name-hint">Up to 80 characters</p>
    </ThemeProvider>
  );
}

describe('a field and its error', () => {
  it('marks the control invalid and describes it with the message shown under it', () => {
    render(<NameField error="Name is required" />);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').id).toBe('name-error');
    expect(input.getAttribute('aria-describedby')).toBe('name-error');
  });

  it('keeps the control’s own description, and adds nothing while there is no error', () => {
    const { rerender } = render(<NameField describedBy="name-hint" />);
    const input = screen.getByLabelText('Name');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.getAttribute('aria-describedby')).toBe('name-hint');
    rerender(<NameField describedBy="name-hint" error="Name is required" />);
    expect(input.getAttribute('aria-describedby')).toBe('name-hint name-error');
  });
});
