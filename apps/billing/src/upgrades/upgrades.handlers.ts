import { getUpgradeOptions, purchaseUpgrade } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { UpgradesService } from './upgrades.service.js';

export const UpgradesHandlers = requestHandlers(UpgradesService, (answer) => [
  answer(getUpgradeOptions, (upgrades, { actor, data }) => upgrades.options(actor, data.projectId)),
  answer(purchaseUpgrade, (upgrades, { actor, data }) => upgrades.purchase(actor, data)),
]);
