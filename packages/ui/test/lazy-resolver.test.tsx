import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from '../src/lazy-resolver.js';

type Values = { name: string };

/** What a schema's resolver answers: a blank name is refused, the rest is trimmed. */
const checkName: Resolver<Values, unknown, Values> = (values): ResolverResult<Values> => {
  const name = values.name.trim();
  if (name) return { values: { name }, errors: {} };
  return { values: {}, errors: { name: { type: 'too_small', message: 'Name is required' } } };
};

function NameForm({
  resolver,
  onValid,
}: {
  resolver: Resolver<Values, unknown, Values>;
  onValid: (values: Values) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, Values>({ resolver, defaultValues: { name: '' } });
  return (
    <form onSubmit={(event) => handleSubmit(onValid)(event).catch(() => {})}>
      <input aria-label="Name" {...register('name')} />
      {errors.name ? <p role="alert">{errors.name.message}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

describe('lazyResolver', () => {
  it('loads nothing until the first validation, then loads once and validates with it', async () => {
    const load = vi.fn(async () => checkName);
    const onValid = vi.fn();
    render(<NameForm resolver={lazyResolver(load)} onValid={onValid} />);
    expect(load).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name is required');
    await userEvent.type(screen.getByLabelText('Name'), '  Radar ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Radar' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches ahead with preload(), and a failed fetch is tried again at the next validation', async () => {
    const load = vi
      .fn<() => Promise<typeof checkName>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(checkName);
    const resolver = lazyResolver(load);
    await expect(resolver.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);

    const onValid = vi.fn();
    render(<NameForm resolver={resolver} onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Radar');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Radar' }, expect.anything()));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
