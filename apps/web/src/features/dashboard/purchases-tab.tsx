import { Receipt } from 'lucide-react';
import { TabEmptyState } from './tab-empty-state';

/** Loaded on first open (React.lazy); the billing issue fills it. */
export default function PurchasesTab() {
  return (
    <TabEmptyState icon={Receipt} title="No purchases yet">
      Upgrades you buy for your projects will be listed here with their receipts.
    </TabEmptyState>
  );
}
