import {
  refreshSession,
  signInAnonymously,
  signInWithPassword,
  signOut,
  signOutByRefreshToken,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { SessionsService } from './sessions.service.js';

export const SessionsHandlers = requestHandlers(SessionsService, (answer) => [
  answer(signInWithPassword, (sessions, { actor, data }) => sessions.signInWithPassword(actor, data)),
  answer(signInAnonymously, (sessions, { actor, data }) => sessions.signInAnonymously(actor, data)),
  answer(refreshSession, (sessions, { actor, data }) => sessions.refresh(actor, data)),
  answer(signOut, (sessions, { actor, data }) => sessions.signOut(actor, data.scope)),
  answer(signOutByRefreshToken, (sessions, { actor, data }) => sessions.signOutByRefreshToken(actor, data)),
]);
