import { authMessages } from '@memoreel/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthClient, sampleGuest, sampleSession, sampleUser } from '../../testing/auth-fixtures';
import { renderApp } from '../../testing/render-app';
import { renderInShell } from '../../testing/render-in-shell';
import { AuthApiError } from './auth-api';
import { type OpenAuthModalOptions, useAuthModal } from './auth-modal-provider';
import type { AuthModalMode } from './auth-modal-state';
import type { BotCheckProps } from './bot-check/bot-check';

// Proof of work does not run in happy-dom; a button stands in for a solved check.
vi.mock('./bot-check/bot-check', () => ({
  BotCheck: ({ onVerified }: BotCheckProps) => (
    <button type="button" onClick={() => onVerified('solved-bot-check')}>
      Solve bot check
    </button>
  ),
}));

const LAZY = { timeout: 5_000 };
// The theme picker is a dialog too; the auth modal is every other one.
const AUTH_MODAL = { name: (name: string) => name !== 'Theme' };
const findModal = () => screen.findByRole('dialog', AUTH_MODAL, LAZY);
const queryModal = () => screen.queryByRole('dialog', AUTH_MODAL);

/** Opens the modal the way a screen of the product would. */
function ModalOpener({ mode, onSignedIn }: { mode: AuthModalMode } & OpenAuthModalOptions) {
  const { openAuthModal } = useAuthModal();
  return (
    <button type="button" onClick={() => openAuthModal(mode, onSignedIn && { onSignedIn })}>
      Open {mode}
    </button>
  );
}

async function openSignIn() {
  fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
  return findModal();
}

function fill(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

/** Ada's address and a password strong enough to sign up with. */
function fillCredentials(dialog: HTMLElement) {
  fill(dialog, 'Email address', 'ada@example.com');
  fill(dialog, 'Password', 'Str0ng!pass');
}

/** The fake bot check's button: it answers 'solved-bot-check'. */
function solveBotCheck(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Solve bot check' }));
}

describe('the auth modal', () => {
  it('shows the sign-in texts and switches to sign-up and back', async () => {
    renderApp('/features');
    const dialog = await openSignIn();

    expect(within(dialog).getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(within(dialog).getByText('Sign in to access your videos and projects')).toBeTruthy();
    expect(within(dialog).getByLabelText('Password').getAttribute('placeholder')).toBe(
      authMessages.passwordRules,
    );

    fireEvent.click(within(dialog).getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(within(dialog).getByRole('heading', { name: 'Create Your Account' })).toBeTruthy();
    expect(within(dialog).getByText('Join our community to create and share amazing videos')).toBeTruthy();
    expect(within(dialog).getByText('Google or email authentication available')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(within(dialog).getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('offers Google only when the gateway lists it', async () => {
    renderApp('/features', fakeAuthClient({ listSocialProviders: vi.fn().mockResolvedValue([]) }));
    const dialog = await openSignIn();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    cleanup();

    renderApp(
      '/features',
      fakeAuthClient({ listSocialProviders: vi.fn().mockResolvedValue([{ id: 'google', name: 'Google' }]) }),
    );
    const withGoogle = await openSignIn();
    expect(await within(withGoogle).findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(within(withGoogle).getByText('Or continue with')).toBeTruthy();
  });

  it('checks the fields with the shared rules before calling the server', async () => {
    const signUp = vi.fn();
    renderApp('/features', fakeAuthClient({ signUp }));
    const dialog = await openSignIn();
    fireEvent.click(within(dialog).getByRole('button', { name: "Don't have an account? Sign up" }));

    fill(dialog, 'Email address', 'not-an-address');
    fill(dialog, 'Password', 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    expect(within(dialog).getByText(authMessages.passwordRules, { selector: 'p' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(signUp).not.toHaveBeenCalled();
  });

  it("puts the server's message under the form and in a toast", async () => {
    renderApp(
      '/features',
      fakeAuthClient({
        signInWithPassword: vi
          .fn()
          .mockRejectedValue(new AuthApiError('Invalid login credentials', 'invalid_credentials', 400)),
      }),
    );
    const dialog = await openSignIn();
    fill(dialog, 'Email address', 'ada@example.com');
    fill(dialog, 'Password', 'wrong');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid login credentials');
    await waitFor(() => expect(screen.getAllByText('Invalid login credentials')).toHaveLength(2));
  });

  it('asks for the captcha when the server mentions it, and sends the solved check next time', async () => {
    const signInWithPassword = vi
      .fn()
      .mockRejectedValueOnce(new AuthApiError(authMessages.errors.captchaFailed, 'captcha_failed', 400))
      .mockResolvedValue(sampleSession());
    renderApp('/features', fakeAuthClient({ signInWithPassword }));
    const dialog = await openSignIn();
    fillCredentials(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Please complete the captcha verification')).toBeTruthy();
    solveBotCheck(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(signInWithPassword).toHaveBeenLastCalledWith({
        email: 'ada@example.com',
        password: 'Str0ng!pass',
        botCheck: 'solved-bot-check',
      }),
    );
  });

  it('tells a new user to confirm the address when sign-up opens no session yet', async () => {
    const signUp = vi.fn().mockResolvedValue({ user: sampleUser(), session: null });
    renderApp('/features', fakeAuthClient({ signUp }));
    const dialog = await openSignIn();
    fireEvent.click(within(dialog).getByRole('button', { name: "Don't have an account? Sign up" }));
    fillCredentials(dialog);
    solveBotCheck(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    expect(await within(dialog).findByText('Check your email for the confirmation link')).toBeTruthy();
    expect(await screen.findByText('Please check your email to confirm your account')).toBeTruthy();
    expect(signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'Str0ng!pass',
      redirectTo: '/dashboard',
      botCheck: 'solved-bot-check',
    });
  });
});

describe('the bot check on forms that send mail', () => {
  it('sign-up shows it from the start; a submit before it is solved waits for it', async () => {
    const signUp = vi.fn().mockResolvedValue({ user: sampleUser(), session: null });
    renderApp('/features', fakeAuthClient({ signUp }));
    const dialog = await openSignIn();
    expect(within(dialog).queryByRole('button', { name: 'Solve bot check' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: "Don't have an account? Sign up" }));
    fillCredentials(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Sign up' })).toHaveProperty('disabled', true),
    );
    expect(signUp).not.toHaveBeenCalled();
    solveBotCheck(dialog);
    await waitFor(() =>
      expect(signUp).toHaveBeenCalledWith(expect.objectContaining({ botCheck: 'solved-bot-check' })),
    );
  });

  it('the reset link and the magic link send the solved check, a new one for each request', async () => {
    const recoverPassword = vi.fn().mockResolvedValue(undefined);
    const sendMagicLink = vi.fn().mockResolvedValue(undefined);
    renderApp('/features', fakeAuthClient({ recoverPassword, sendMagicLink }));
    const dialog = await openSignIn();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot your password?' }));
    fill(dialog, 'Email address', 'ada@example.com');
    solveBotCheck(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset instructions' }));
    await waitFor(() =>
      expect(recoverPassword).toHaveBeenCalledWith({
        email: 'ada@example.com',
        redirectTo: '/',
        botCheck: 'solved-bot-check',
      }),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to sign in' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Email me a sign-in link instead' }));
    fill(dialog, 'Email address', 'ada@example.com');
    solveBotCheck(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send magic link' }));
    await waitFor(() =>
      expect(sendMagicLink).toHaveBeenCalledWith(expect.objectContaining({ botCheck: 'solved-bot-check' })),
    );
  });
});

describe('after signing in from the modal', () => {
  const signingIn = () => fakeAuthClient({ signInWithPassword: vi.fn().mockResolvedValue(sampleSession()) });

  async function signIn() {
    const dialog = await openSignIn();
    fillCredentials(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
  }

  it('closes and goes to the dashboard', async () => {
    const { router } = renderApp('/features', signingIn());
    await signIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(queryModal()).toBeNull();
  });

  it('closes and stays on the landing page', async () => {
    const { router } = renderApp('/', signingIn());
    await signIn();

    await waitFor(() => expect(queryModal()).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it('runs the callback registered with the modal instead, once', async () => {
    const onSignedIn = vi.fn();
    const client = signingIn();
    const { router } = renderInShell(<ModalOpener mode="sign_in" onSignedIn={onSignedIn} />, {
      path: '/features',
      client,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open sign_in' }));
    const dialog = await findModal();
    fillCredentials(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(router.state.location.pathname).toBe('/features');
    await act(() => client.signInWithPassword({ email: 'ada@example.com', password: 'x' }));
    expect(onSignedIn).toHaveBeenCalledOnce();
  });
});

describe('password recovery', () => {
  it('opens the new-password view, then returns to sign-in with the news', async () => {
    const client = fakeAuthClient({
      verifyOtp: vi.fn().mockResolvedValue(sampleSession()),
      updateUser: vi.fn().mockResolvedValue(sampleUser()),
    });
    renderApp('/', client);
    await screen.findByRole('button', { name: 'Sign In' });

    await act(() => client.verifyOtp({ type: 'recovery', email: 'ada@example.com', token: '123456' }));
    const dialog = await findModal();
    expect(within(dialog).getByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    fill(dialog, 'New password', 'N3w-password!');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update password' }));

    expect(await within(dialog).findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(within(dialog).getByText('Your password has been updated')).toBeTruthy();
  });
});

describe('converting a guest', () => {
  it('sets e-mail and password on the guest and says a verification e-mail is on its way', async () => {
    const updateUser = vi.fn().mockResolvedValue(sampleGuest());
    const client = fakeAuthClient({
      refreshSession: vi.fn().mockResolvedValue(sampleSession(sampleGuest())),
      updateUser,
    });
    renderInShell(<ModalOpener mode="convert" />, { path: '/features', client });
    fireEvent.click(await screen.findByRole('button', { name: 'Open convert' }));
    const dialog = await findModal();

    expect(within(dialog).getByRole('heading', { name: 'Create Account' })).toBeTruthy();
    expect(
      within(dialog).getByText('Create a free account to save your projects and access them from anywhere'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Takes less than a minute')).toBeTruthy();
    fillCredentials(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Verification email sent')).toBeTruthy();
    expect(screen.getByText('Please check your inbox to verify your email address.')).toBeTruthy();
    expect(updateUser).toHaveBeenCalledWith(expect.any(String), {
      email: 'ada@example.com',
      password: 'Str0ng!pass',
      redirectTo: '/',
    });
    await waitFor(() => expect(queryModal()).toBeNull());
  });
});

function OutsideTheProvider() {
  useAuthModal();
  return null;
}

it('refuses to open outside its provider (spec §8)', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<OutsideTheProvider />)).toThrow(
    'useAuthModal must be used within an AuthModalProvider',
  );
});
