import { authMessages, EmailSchema, PasswordSchema } from '@memoreel/contracts';
import { describe, expect, it } from 'vitest';
import { required, requiredText, validateFields } from './field-validation';

describe('auth form validation (shared zod schemas)', () => {
  it('answers the normalised values when every field is valid', () => {
    expect(
      validateFields(
        { email: EmailSchema, password: PasswordSchema },
        { email: ' Ada@Example.com ', password: 'Str0ng!pass' },
      ),
    ).toEqual({ ok: true, data: { email: 'ada@example.com', password: 'Str0ng!pass' } });
  });

  it('reports each invalid field with its own message', () => {
    expect(
      validateFields(
        { email: EmailSchema, password: PasswordSchema },
        { email: 'not-an-address', password: 'short' },
      ),
    ).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address', password: authMessages.passwordRules },
    });
  });

  it('asks for the character classes the password rules name', () => {
    const result = validateFields({ password: PasswordSchema }, { password: 'alllowercase1!' });
    expect(result).toEqual({ ok: false, errors: { password: authMessages.passwordRules } });
  });

  it('has a message of its own for blank fields', () => {
    expect(
      validateFields({ password: requiredText('Please enter your password') }, { password: '  ' }),
    ).toEqual({
      ok: false,
      errors: { password: 'Please enter your password' },
    });
    const emailForCode = required(authMessages.library.emailOrPhone, EmailSchema);
    expect(validateFields({ email: emailForCode }, { email: '' })).toMatchObject({
      errors: { email: 'You must provide either an email or phone number.' },
    });
    expect(validateFields({ email: emailForCode }, { email: 'nope' })).toMatchObject({
      errors: { email: 'Please enter a valid email address' },
    });
  });
});
