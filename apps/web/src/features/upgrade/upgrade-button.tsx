import type { Tier } from '@memoreel/domain';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '../../ui/button';
import { UpgradeDialog } from './upgrade-dialog';

interface UpgradeButtonProps extends Pick<ButtonProps, 'size' | 'variant' | 'className'> {
  projectId: string;
  tier: Tier;
}

/** Opens "Upgrade Your Project"; absent on cherish, which has nothing above it (spec §2). */
export function UpgradeButton({
  projectId,
  tier,
  size = 'sm',
  variant = 'outline',
  className,
}: UpgradeButtonProps) {
  const [open, setOpen] = useState(false);
  if (tier === 'cherish') return null;
  return (
    <>
      <Button
        size={size}
        variant={variant}
        className={className}
        onClick={(event) => {
          // Inside a project card, the click is for the dialog, not for opening the project.
          event.stopPropagation();
          setOpen(true);
        }}
        onKeyDown={(event) => event.stopPropagation()}
      >
        <Sparkles aria-hidden="true" />
        Upgrade
      </Button>
      <UpgradeDialog projectId={projectId} open={open} onOpenChange={setOpen} />
    </>
  );
}
