import { describe, expect, it } from 'vitest';
import { LocalCardFields, PASSWORDS_DIFFER, RegisterBody, RegisterFields } from '../src/index.js';

/** Each refused field with its message, as a form shows them. */
const fieldErrors = (result: {
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the register form', () => {
  const form = {
    username: 'newcomer',
    email: ' NewComer@Example.com ',
    password: 'a long password',
    confirmPassword: 'a long password',
    firstName: '',
    lastName: 'Comer',
  };

  it('gives exactly the body the API reads: normalised, without the confirmation', () => {
    const body = RegisterFields.parse(form);
    expect(body).toEqual(
      RegisterBody.parse({
        username: 'newcomer',
        email: 'newcomer@example.com',
        password: 'a long password',
        firstName: null,
        lastName: 'Comer',
      }),
    );
    expect(body).not.toHaveProperty('confirmPassword');
  });

  it('says the passwords differ under the confirmation, with any other refusal', () => {
    expect(
      fieldErrors(RegisterFields.safeParse({ ...form, confirmPassword: 'another password' })),
    ).toEqual([['confirmPassword', PASSWORDS_DIFFER]]);
    expect(
      fieldErrors(RegisterFields.safeParse({ ...form, username: 'ab', confirmPassword: 'other' })),
    ).toEqual([
      ['username', 'Username must be at least 3 characters'],
      ['confirmPassword', PASSWORDS_DIFFER],
    ]);
  });
});

describe('the demo card form', () => {
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

  it('confirms a payment that succeeds, or fails with the declining card', () => {
    expect(LocalCardFields.parse(card)).toEqual({ outcome: 'succeeded' });
    expect(LocalCardFields.parse({ ...card, cardNumber: ' 4000 0000 0000 0002 ' })).toEqual({
      outcome: 'failed',
    });
  });

  it('asks for each missing value, then for its form', () => {
    expect(
      fieldErrors(LocalCardFields.safeParse({ cardNumber: '', expiry: ' ', cvc: '' })),
    ).toEqual([
      ['cardNumber', 'Please enter the card number.'],
      ['expiry', 'Please enter the expiry date.'],
      ['cvc', 'Please enter the CVC.'],
    ]);
    expect(
      fieldErrors(LocalCardFields.safeParse({ cardNumber: '4242', expiry: '13/34', cvc: '12' })),
    ).toEqual([
      ['cardNumber', 'Please enter a valid card number.'],
      ['expiry', 'Please enter the expiry date as MM / YY.'],
      ['cvc', 'The CVC is 3 or 4 digits.'],
    ]);
  });
});
