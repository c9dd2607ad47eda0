import { createFileRoute } from '@tanstack/react-router';
import { GuestGate } from '../features/account/guest-gate';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import type { PaymentReturn } from '../features/dashboard/use-payment-return';

// The router parses search values as JSON, so `success=true` arrives as a boolean.
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;

export const Route = createFileRoute('/dashboard')({
  // Only the checkout's return address carries these (spec §2 "Post-payment return").
  validateSearch: (search: Record<string, unknown>): PaymentReturn => ({
    success: text(search.success),
    projectId: text(search.projectId),
    product: text(search.product),
  }),
  component: DashboardRoute,
});

function DashboardRoute() {
  return (
    <GuestGate>
      <DashboardPage paymentReturn={Route.useSearch()} />
    </GuestGate>
  );
}
