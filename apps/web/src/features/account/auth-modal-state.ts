/** The three faces of the auth modal (spec §2): their titles differ, conversion keeps the guest's id. */
export type AuthModalMode = 'sign_in' | 'sign_up' | 'convert';

/** The embedded auth views; sign_in and sign_up are also modes. */
export type AuthView =
  | 'sign_in'
  | 'sign_up'
  | 'forgotten_password'
  | 'magic_link'
  | 'update_password'
  | 'verify_otp';

export interface AuthModalState {
  open: boolean;
  mode: AuthModalMode;
  view: AuthView;
  /** A line shown above the view, e.g. "Your password has been updated" on the way back to sign-in. */
  notice: string | null;
}

export const CLOSED_AUTH_MODAL: AuthModalState = {
  open: false,
  mode: 'sign_in',
  view: 'sign_in',
  notice: null,
};
