import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FullPageLoading } from '../../shell/full-page-loading';
import { useAuth } from './auth-provider';

/**
 * Spec 2 §6 for the project screens: a user (an account or a guest session already made) sees
 * them; a visitor without a session is sent to '/', not made a guest for a project that is not theirs.
 */
export function SessionRequired({ children }: { children: ReactNode }) {
  const { loading, user } = useAuth();
  if (user) return children;
  if (loading) return <FullPageLoading />;
  return <Navigate to="/" replace />;
}
