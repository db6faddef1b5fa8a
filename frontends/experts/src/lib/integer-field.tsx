import { Field, Input } from '@uapqa/ui';
import type { ComponentProps } from 'react';

/**
 * How a whole-number box feeds react-hook-form (`register(name, wholeNumber)`): an empty box is
 * `undefined`, so the schema answers with its own "Please specify" message instead of a NaN.
 */
export const wholeNumber = {
  setValueAs: (value: unknown) => (value === '' ? undefined : Number(value)),
};

type IntegerFieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  error?: string | undefined;
};

/** A labelled box for a whole number, with a phone's number keypad and the field's error. */
export function IntegerField({ id, label, error, ...input }: IntegerFieldProps) {
  return (
    <Field label={label} htmlFor={id} error={error}>
      <Input id={id} type="number" inputMode="numeric" step={1} {...input} />
    </Field>
  );
}
