import { planFor, tierOf, upgradeMessages } from '@memoreel/domain';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useRefreshAfterPayment } from '../project/queries';

export interface PaymentReturn {
  success?: string;
  projectId?: string;
  product?: string;
}

/** The checkout sends people back with ?success=true&projectId&product: thank them, refresh, tidy the URL. */
export function usePaymentReturn({ success, projectId, product }: PaymentReturn): void {
  const navigate = useNavigate();
  const refreshAfterPayment = useRefreshAfterPayment();
  const handled = useRef(false);

  useEffect(() => {
    if (success !== 'true' || !projectId || handled.current) return;
    handled.current = true;
    const { title, description } = upgradeMessages.paymentSucceeded(planFor(tierOf(product)).name);
    toast.success(title, { description });
    refreshAfterPayment(projectId);
    // Reloading the page must not thank them twice.
    void navigate({ to: '/dashboard', search: {}, replace: true, state: (state) => state });
  }, [success, projectId, product, navigate, refreshAfterPayment]);
}
